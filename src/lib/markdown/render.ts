/**
 * Markdown of news items and blog posts to safe HTML
 * (docs/decisions/162-markdown-rendering.md). Runs at build time (Node) and in
 * the admin editor's preview (browser) with the same output: markdown-it with
 * raw HTML off, then sanitize-html with a strict allow list as a second layer.
 * Never imported by public pages' client code: their article bodies arrive
 * prerendered.
 */
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/** Where the bucket of content images serves its objects, under the Storage origin. */
export const CONTENT_IMAGES_PUBLIC_PATH = '/storage/v1/object/public/content-images/';

export interface RenderOptions {
  /**
   * The Storage origin (the Supabase project URL, e.g. https://abc.supabase.co):
   * images under its content-images public URL are kept. Without it, only the
   * site's own /images/ files are.
   */
  storageOrigin?: string;
  /** The site's origin: absolute links to it are not marked external. */
  siteOrigin?: string;
}

const markdown = new MarkdownIt('commonmark', { html: false, linkify: false, typographer: false });

// Headings stay within h2–h4: the page's title is the only h1.
markdown.core.ruler.push('clamp_headings', (state) => {
  for (const token of state.tokens) {
    if (token.type !== 'heading_open' && token.type !== 'heading_close') continue;
    const level = Number(token.tag.slice(1));
    token.tag = `h${Math.min(4, Math.max(2, level))}`;
  }
});

const ALLOWED_TAGS = [
  'h2',
  'h3',
  'h4',
  'p',
  'br',
  'hr',
  'ul',
  'ol',
  'li',
  'blockquote',
  'strong',
  'em',
  'code',
  'pre',
  'a',
  'img',
];

/** Whitespace and control characters browsers ignore inside a URL's scheme. */
// eslint-disable-next-line no-control-regex
const IGNORED_IN_URL = /[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\ufeff]/g;

function trimOrigin(origin: string | undefined): string | null {
  if (!origin) return null;
  try {
    return new URL(origin).origin;
  } catch {
    return null;
  }
}

/** A path on this site: one leading slash, no backslash, no scheme. */
function isSiteRelative(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.includes('\\');
}

type LinkKind = 'internal' | 'external' | null;

function classifyHref(raw: string, siteOrigin: string | null): LinkKind {
  const url = raw.replace(IGNORED_IN_URL, '');
  if (url !== raw.trim()) return null;
  if (isSiteRelative(url)) return 'internal';
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme === 'mailto') return 'internal';
  if (scheme !== 'http' && scheme !== 'https') return null;
  try {
    return new URL(url).origin === siteOrigin ? 'internal' : 'external';
  } catch {
    return null;
  }
}

/**
 * A URL with its percent-escapes decoded until none is left, so `%2e%2e` and
 * `%252e%252e` read as the `..` a browser or a server may make of them; null
 * when an escape does not decode or the layers do not end.
 */
function fullyDecoded(url: string): string | null {
  let current = url;
  for (let layer = 0; layer < 4; layer += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

/** Where an address leads once a browser has resolved it (dot segments and backslashes included). */
const RESOLVE_BASE = 'https://site.invalid';

function resolvesUnder(url: string, origin: string, pathPrefix: string): boolean {
  try {
    const resolved = new URL(url, RESOLVE_BASE);
    return (
      resolved.origin === origin &&
      resolved.pathname.startsWith(pathPrefix) &&
      resolved.pathname.length > pathPrefix.length
    );
  } catch {
    return false;
  }
}

/**
 * Site images and the content-images bucket only. The address is checked as
 * written, fully decoded (no `..`, no backslash, in any encoding: a browser
 * treats `%2e%2e` as `..`) and as resolved, so it cannot climb out of the
 * bucket into another one (docs/decisions/162-markdown-rendering.md, 186).
 */
function isAllowedImage(raw: string, storageOrigin: string | null): boolean {
  const url = raw.trim();
  if (url !== url.replace(IGNORED_IN_URL, '')) return false;
  const decoded = fullyDecoded(url);
  if (decoded === null || decoded !== decoded.replace(IGNORED_IN_URL, '')) return false;
  if (decoded.includes('..') || decoded.includes('\\')) return false;
  if (url.startsWith('/images/')) return isSiteRelative(url) && resolvesUnder(url, RESOLVE_BASE, '/images/');
  if (storageOrigin === null || !url.startsWith(`${storageOrigin}${CONTENT_IMAGES_PUBLIC_PATH}`)) return false;
  return resolvesUnder(url, storageOrigin, CONTENT_IMAGES_PUBLIC_PATH);
}

/** Markdown to HTML holding only the allowed elements and attributes. */
export function renderMarkdown(source: string, options: RenderOptions = {}): string {
  const siteOrigin = trimOrigin(options.siteOrigin);
  const storageOrigin = trimOrigin(options.storageOrigin);
  const html = markdown.render(source);
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: { a: ['href', 'rel'], img: ['src', 'alt'], ol: ['start'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'svg', 'math', 'iframe', 'object', 'embed'],
    transformTags: {
      h1: 'h2',
      h5: 'h4',
      h6: 'h4',
      a: (tagName, attribs) => {
        const href = attribs.href ?? '';
        const kind = classifyHref(href, siteOrigin);
        if (kind === null) return { tagName, attribs: {} as Record<string, string> };
        const kept: Record<string, string> = { href: href.trim() };
        if (kind === 'external') kept.rel = 'noopener noreferrer';
        return { tagName, attribs: kept };
      },
      img: (tagName, attribs) => {
        const src = attribs.src ?? '';
        if (!isAllowedImage(src, storageOrigin))
          return { tagName: 'dropped-img', attribs: {} as Record<string, string> };
        return { tagName, attribs: { src: src.trim(), alt: attribs.alt ?? '' } };
      },
    },
    // An image from anywhere else leaves nothing; a link without an address keeps its text (below).
    exclusiveFilter: (frame) => frame.tag === 'dropped-img',
  })
    .replace(/<a>([\s\S]*?)<\/a>/g, '$1')
    .replace(/<p>\s*<\/p>\n?/g, '')
    .trim();
}

/** The text of Markdown, without markup, on one line (excerpts, word counts). */
export function markdownToPlainText(source: string): string {
  const html = markdown.render(source);
  const text = sanitizeHtml(html.replace(/<\/(p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>/g, ' '), {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ['script', 'style'],
  });
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * Minutes to read a body: its whitespace-separated words at 200 a minute, at
 * least 1. The database computes the same figure from the same text
 * (content_translations.reading_minutes); this one is for the editor.
 */
export function readingMinutes(source: string): number {
  const trimmed = source.trim();
  const words = trimmed === '' ? 0 : trimmed.split(/\s+/).length;
  return Math.max(1, Math.ceil(words / 200));
}
