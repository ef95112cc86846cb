import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { routePath } from '@/config/paths';
import { site } from '@/config/site';
import { PageHeader } from '@/components/page-header';
import { useI18n } from '@/i18n/i18n';
import type { Locale } from '@/i18n/locales';
import type { CatalogueImage, ProductCard } from '@/lib/catalogue/catalogue-content';
import { catalogueIndexPath } from '@/lib/catalogue/catalogue-content';
import { formatUnit } from '../catalogue-format';
import { useCatalogueMessages } from '../use-catalogue-messages';

/** The top of a catalogue page: its head tags and its header (breadcrumbs Home › Products › …, the h1, an introduction). */
export function CatalogueTop({
  title,
  metaTitle = title,
  description,
  intro,
  trail = [],
  alternates,
  image,
  children,
}: {
  title: string;
  metaTitle?: string;
  description: string;
  intro?: string;
  /** Crumbs between "Products" and the page itself. */
  trail?: { label: string; to: string }[];
  alternates?: Record<Locale, string>;
  image?: string;
  children?: ReactNode;
}) {
  const { t, locale } = useI18n();
  const text = useCatalogueMessages();
  const { pathname } = useLocation();
  const atIndex = trail.length === 0 && pathname === catalogueIndexPath(locale);
  const crumbs = [
    { label: t.insights.crumbs.home, to: routePath('home', locale) },
    ...(atIndex ? [] : [{ label: text.crumb, to: catalogueIndexPath(locale) }]),
    ...trail,
    { label: title },
  ];
  return (
    <>
      <PageMeta
        title={`${metaTitle} | ${site.name}`}
        description={description}
        locale={locale}
        path={pathname}
        alternates={alternates ?? true}
        image={image}
      />
      <PageHeader crumbs={crumbs} title={title} intro={intro}>
        {children}
      </PageHeader>
    </>
  );
}

/** A product or category picture at its intrinsic size (no layout shift); lazy unless it is the page's first screen. */
export function CatalogueImg({
  image,
  className,
  priority = false,
}: {
  image: CatalogueImage;
  className?: string;
  priority?: boolean;
}) {
  return (
    <img
      src={image.src}
      width={image.width}
      height={image.height}
      alt={image.alt}
      loading={priority ? undefined : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={className}
    />
  );
}

/** "500 mL × 12 per case". */
export function usePackText() {
  const { locale } = useI18n();
  const text = useCatalogueMessages();
  return (product: Pick<ProductCard, 'unitSize' | 'unit' | 'unitsPerCase'>) =>
    text.product.packValue(formatUnit(product.unitSize, product.unit, locale), product.unitsPerCase);
}

/** Small labels of a product's certifications, each with its full name for screen readers and on hover. */
export function CertificationBadges({ codes }: { codes: readonly string[] }) {
  const text = useCatalogueMessages();
  if (codes.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={text.product.certifications}>
      {codes.map((code) => (
        <li
          key={code}
          title={text.certificationNames[code]}
          className="rounded-full bg-olive-50 px-2.5 py-0.5 text-xs font-semibold text-olive-800 ring-1 ring-olive-100"
        >
          <abbr title={text.certificationNames[code]} className="no-underline">
            {text.certifications[code] ?? code}
          </abbr>
        </li>
      ))}
    </ul>
  );
}
