import { env } from '@/config/env';
import { localizePath, stripLocale } from '@/config/paths';
import { localeTags, type Locale } from '@/i18n/locales';

export const OG_IMAGE_PATH = '/images/og-image.png';

/**
 * A page's own <title>, description, canonical URL, hreflang alternates and
 * Open Graph / Twitter tags. React 19 hoists them into <head>, and the
 * prerenderer writes them into the raw HTML, so crawlers and link previews
 * see them (docs/decisions/025-prerender-then-hydrate.md).
 */
export function PageMeta({
  title,
  description,
  locale,
  path,
  noindex = false,
  alternates = true,
  image,
}: {
  title: string;
  description: string;
  locale: Locale;
  /** The page's path in either language; both language URLs are derived from it. */
  path: string;
  noindex?: boolean;
  /**
   * False for pages with no counterpart in the other language (staff pages);
   * the path in each language when it is not the same page under /fr (an
   * article whose slugs differ).
   */
  alternates?: boolean | Partial<Record<Locale, string>>;
  /** The picture link previews show (an absolute URL, or a path on the site); the site's own by default. */
  image?: string;
}) {
  const base = stripLocale(path);
  const explicit = typeof alternates === 'object' ? alternates : null;
  const href = (l: Locale) => `${env.siteUrl}${explicit?.[l] ?? localizePath(base, l)}`;
  const canonical = href(locale);
  const picture = image ? (image.startsWith('/') ? `${env.siteUrl}${image}` : image) : `${env.siteUrl}${OG_IMAGE_PATH}`;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {noindex ? <meta name="robots" content="noindex, nofollow" /> : null}
      <link rel="canonical" href={canonical} />
      {alternates ? (
        <>
          <link rel="alternate" hrefLang="en-CA" href={href('en')} />
          <link rel="alternate" hrefLang="fr-CA" href={href('fr')} />
          <link rel="alternate" hrefLang="x-default" href={href('en')} />
        </>
      ) : null}
      <meta property="og:type" content="website" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:image" content={picture} />
      <meta property="og:locale" content={localeTags[locale].replace('-', '_')} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={picture} />
    </>
  );
}
