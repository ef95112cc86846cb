/**
 * Turns Vite's index.html and one page's prerendered markup into that page's
 * HTML document: its language, its own <title>/meta/link tags in <head>
 * (replacing the template's defaults), the stylesheet inlined, the markup in
 * #root marked for hydration. String work only, so it is unit-tested directly.
 */

export type Locale = 'en' | 'fr';

const LANG_TAGS: Record<Locale, string> = { en: 'en-CA', fr: 'fr-CA' };

/** The tags React 19 hoists (title, meta, link, base), written ahead of the markup when it renders a fragment. */
const LEADING_HOISTABLE = /^\s*(?:<title\b[^>]*>[\s\S]*?<\/title>|<(?:meta|link|base)\b[^>]*?\/?>)/i;

/** Splits React's output into the hoisted head tags and the body markup. */
export function splitHoisted(markup: string): { head: string[]; body: string } {
  const head: string[] = [];
  let rest = markup;
  for (;;) {
    const match = LEADING_HOISTABLE.exec(rest);
    if (!match) break;
    head.push(match[0].trim());
    rest = rest.slice(match[0].length);
  }
  return { head, body: rest };
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, 'i').exec(tag);
  return match ? (match[2] ?? match[3] ?? '') : null;
}

/** What makes two head tags "the same" (a page's tag replaces the template's default with the same key). */
export function headKey(tag: string): string | null {
  const name = /^<([a-z]+)/i.exec(tag)?.[1]?.toLowerCase();
  if (name === 'title') return 'title';
  if (name === 'meta') {
    if (attribute(tag, 'charset') !== null) return 'meta:charset';
    const key = attribute(tag, 'name') ?? attribute(tag, 'property') ?? attribute(tag, 'http-equiv');
    return key ? `meta:${key.toLowerCase()}` : null;
  }
  if (name === 'link') {
    const rel = attribute(tag, 'rel')?.toLowerCase();
    if (rel === 'canonical') return 'link:canonical';
    if (rel === 'alternate') return `link:alternate:${(attribute(tag, 'hreflang') ?? '').toLowerCase()}`;
    if (rel === 'icon') return 'link:icon';
  }
  return null;
}

const HEAD_TAG = /<title\b[^>]*>[\s\S]*?<\/title>|<(?:meta|link)\b[^>]*?\/?>/gi;

/** Removes the template's head tags that the page sets itself. */
export function withoutDefaults(head: string, pageTags: readonly string[]): string {
  const keys = new Set(pageTags.map(headKey).filter((key): key is string => key !== null));
  return head.replace(HEAD_TAG, (tag) => {
    const key = headKey(tag);
    return key && keys.has(key) ? '' : tag;
  });
}

const STYLESHEET_LINK = /[ \t]*<link\b[^>]*\brel=["']?stylesheet["']?[^>]*>\n?/gi;

/** The stylesheets the template links, in order. */
export function linkedStylesheets(html: string): string[] {
  return [...html.matchAll(STYLESHEET_LINK)]
    .map((match) => attribute(match[0], 'href'))
    .filter((href): href is string => Boolean(href));
}

/**
 * Replaces each `<link rel=stylesheet>` whose CSS is given with a <style>
 * holding it: the first screen paints from the HTML alone, with no
 * render-blocking request. CSS that could close the element is left linked.
 */
export function inlineStylesheets(html: string, cssByHref: ReadonlyMap<string, string>): string {
  return html.replace(STYLESHEET_LINK, (tag) => {
    const href = attribute(tag, 'href');
    const css = href ? cssByHref.get(href) : undefined;
    if (css === undefined || /<\/style/i.test(css)) return tag;
    return `    <style>${css.trim()}</style>\n`;
  });
}

export function setLang(html: string, locale: Locale): string {
  return html.replace(/<html\b[^>]*>/i, `<html lang="${LANG_TAGS[locale]}">`);
}

const ROOT = /<div id="root"[^>]*>\s*<\/div>/;

/** The document for one prerendered page. */
/** A <style> for the page's critical CSS (text that could close the element is refused). */
function styleElement(css: string | undefined): string {
  if (!css) return '';
  if (/<\/style/i.test(css)) throw new Error('Critical CSS must not contain "</style".');
  return `    <style>${css}</style>\n`;
}

export function renderDocument({
  template,
  markup,
  locale,
  css,
  flags,
  chunks = [],
  pageContent,
}: {
  /** index.html as Vite wrote it (stylesheets already inlined or not). */
  template: string;
  /** renderToString/prerender output of the app for this URL. */
  markup: string;
  locale: Locale;
  /** The page's critical CSS, inlined in <head>. */
  css?: string;
  /**
   * The flags the markup was rendered with, as src/lib/flags/published.ts
   * encodes them: the browser hydrates with them.
   */
  flags?: string;
  /** The lazy chunks the page needs before it hydrates, by name (src/app/page-loaders.ts). */
  chunks?: readonly string[];
  /**
   * The page's published content as JSON made safe for a data block
   * (serializePageContent in src/lib/content/site-content.ts): src/main.tsx
   * hydrates with it. A data block is not a script, so the CSP does not apply.
   */
  pageContent?: string;
}): string {
  if (!ROOT.test(template)) throw new Error('The template has no empty <div id="root"></div>.');
  const { head, body } = splitHoisted(markup);
  let html = setLang(template, locale);
  html = html.replace(/<head>([\s\S]*?)<\/head>/i, (_match, inner: string) => {
    const kept = withoutDefaults(inner, head).replace(/\n\s*\n/g, '\n');
    // The page's own tags go right after charset/viewport, ahead of scripts.
    const anchor = /<meta name="viewport"[^>]*>\n?/i.exec(kept);
    const at = anchor ? anchor.index + anchor[0].length : 0;
    const tags = head.map((tag) => `    ${tag}\n`).join('') + styleElement(css);
    return `<head>${kept.slice(0, at)}${tags}${kept.slice(at)}</head>`;
  });
  // The locale says which language the markup is in; src/main.tsx hydrates
  // only when the URL asks for that language (a host may serve the English
  // 404 page under /fr).
  const flagsAttribute = flags === undefined ? '' : ` data-flags="${flags.replace(/[^a-z0-9_,]/g, '')}"`;
  const names = chunks.map((name) => name.replace(/[^A-Za-z0-9]/g, '')).filter(Boolean);
  const chunksAttribute = names.length > 0 ? ` data-page-chunks="${names.join(' ')}"` : '';
  if (pageContent !== undefined && /<\/script/i.test(pageContent))
    throw new Error('Page content must not contain "</script".');
  const data =
    pageContent === undefined ? '' : `\n    <script type="application/json" id="page-content">${pageContent}</script>`;
  return html.replace(
    ROOT,
    () => `<div id="root" data-prerendered="${locale}"${flagsAttribute}${chunksAttribute}>${body}</div>${data}`,
  );
}

/** The SPA shell for routes without prerendered HTML: the template with the default language. */
export function renderShell(template: string, css?: string): string {
  const html = setLang(template, 'en');
  return css ? html.replace(/<\/head>/i, () => `${styleElement(css)}  </head>`) : html;
}
