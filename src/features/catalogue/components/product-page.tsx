import { useState } from 'react';
import { Link } from 'react-router';
import { DownloadIcon } from '@/components/icons/download';
import { NotFoundView } from '@/components/not-found-view';
import { env } from '@/config/env';
import { sectionPath } from '@/config/paths';
import { formatSize } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import type { ProductData, ProductDocumentLink } from '@/lib/catalogue/catalogue-content';
import { usePageContent } from '@/lib/content/use-page-content';
import { requestProductDocumentUrl } from '../download-document';
import { productJsonLd } from '../product-structured-data';
import { useCatalogueMessages } from '../use-catalogue-messages';
import { CatalogueImg, CatalogueTop, CertificationBadges, usePackText } from './catalogue-parts';

function ProductDocuments({ product }: { product: ProductData }) {
  const { locale } = useI18n();
  const text = useCatalogueMessages().product;
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const download = async (document: ProductDocumentLink) => {
    setBusy(document.id);
    setFailed(null);
    try {
      window.location.assign(await requestProductDocumentUrl(product.id, document.id, document.fileName));
    } catch {
      setFailed(document.id);
    } finally {
      setBusy(null);
    }
  };
  return (
    <section aria-labelledby="product-documents" className="rounded-2xl border border-sand-200 bg-white p-6">
      <h2 id="product-documents" className="font-serif text-xl font-bold text-brand-900">
        {text.documents}
      </h2>
      {product.documents.length > 0 ? (
        <ul className="mt-4 space-y-3">
          {product.documents.map((document) => (
            <li key={document.id}>
              <button
                type="button"
                onClick={() => void download(document)}
                disabled={busy === document.id}
                aria-describedby={failed === document.id ? `document-error-${document.id}` : undefined}
                className="flex w-full items-start gap-3 rounded-lg p-2 text-left hover:bg-sand-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-70"
              >
                <DownloadIcon className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
                <span className="min-w-0">
                  <span className="block font-semibold text-brand-800 underline underline-offset-4">
                    <span className="sr-only">{text.download('')}</span>
                    {document.title}
                  </span>
                  <span className="block text-sm text-ink-muted">
                    {busy === document.id
                      ? text.downloading
                      : `PDF · ${formatSize(document.sizeBytes, locale)}${text.fileLanguage[document.fileLanguage] ? ` · ${text.fileLanguage[document.fileLanguage]}` : ''}`}
                  </span>
                </span>
              </button>
              {failed === document.id ? (
                <p
                  id={`document-error-${document.id}`}
                  role="alert"
                  className="mt-1 text-sm font-semibold text-red-700"
                >
                  {text.downloadFailed}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-4 text-sm text-ink-muted">{text.clientDocuments}</p>
    </section>
  );
}

/**
 * /products/{category}/{product}: one published product in the page's
 * language, with its pictures, facts, description, public documents and the
 * schema.org Product data search engines read (no price: prices are never
 * public). Any other slug is the 404 page.
 */
export default function ProductPage() {
  const { locale } = useI18n();
  const text = useCatalogueMessages();
  const pack = usePackText();
  const product = usePageContent('product')?.product;
  if (!product) return <NotFoundView />;
  const [first, ...more] = product.images;
  const origin = product.originRegion
    ? `${product.originRegion}, ${product.originCountryName}`
    : product.originCountryName;
  const facts: [string, string][] = [
    [text.product.sku, product.sku],
    [text.product.brand, product.brand],
    [text.product.origin, origin],
    [text.product.pack, pack(product)],
    [text.product.minOrder, text.product.minOrderValue(product.minOrderCases)],
    [text.product.leadTime, text.product.leadTimeValue(product.leadTimeBusinessDays)],
    [text.product.storage, text.storage[product.storage]],
    [text.product.shelfLife, text.product.shelfLifeValue(product.shelfLifeDays)],
    [
      text.product.allergens,
      product.allergens.length > 0
        ? product.allergens.map((code) => text.allergens[code] ?? code).join(', ')
        : text.product.noAllergens,
    ],
  ];
  return (
    <article>
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: productJsonLd(product, env.siteUrl, product.category.name) }}
      />
      <CatalogueTop
        title={product.name}
        description={product.shortDescription || product.name}
        intro={product.shortDescription}
        trail={[{ label: product.category.name, to: product.category.path }]}
        alternates={product.paths}
        image={first?.src}
      >
        <div className="mt-5">
          <CertificationBadges codes={product.certifications} />
        </div>
      </CatalogueTop>
      <div className="bg-white">
        <div className="mx-auto grid max-w-content grid-cols-[minmax(0,1fr)] gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="min-w-0 space-y-8">
            {first ? (
              <figure>
                <CatalogueImg image={first} priority className="aspect-[3/2] w-full rounded-2xl object-cover" />
              </figure>
            ) : null}
            {more.length > 0 ? (
              <ul aria-label={text.product.pictures} className="grid grid-cols-3 gap-3">
                {more.map((image) => (
                  <li key={image.src}>
                    <CatalogueImg image={image} className="aspect-square w-full rounded-lg object-cover" />
                  </li>
                ))}
              </ul>
            ) : null}
            {product.descriptionHtml ? (
              <div
                className="article-body text-lg leading-relaxed text-ink"
                // Sanitised by the publish's Markdown renderer: no raw HTML, scripts or handlers.
                dangerouslySetInnerHTML={{ __html: product.descriptionHtml }}
              />
            ) : null}
          </div>
          <div className="min-w-0 space-y-6">
            <section aria-labelledby="product-details" className="rounded-2xl border border-sand-200 bg-sand-50 p-6">
              <h2 id="product-details" className="font-serif text-xl font-bold text-brand-900">
                {text.product.details}
              </h2>
              <dl className="mt-4 grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
                {facts.map(([label, value]) => (
                  <div key={label} className="contents">
                    <dt className="font-semibold text-ink">{label}</dt>
                    <dd className="break-words text-ink-muted">{value}</dd>
                  </div>
                ))}
              </dl>
              <p className="mt-5 rounded-lg bg-white p-3 text-sm font-semibold text-brand-900 ring-1 ring-sand-200">
                {product.orderableOnline
                  ? text.product.orderOnline
                  : (text.notOrderable[product.notOrderableReason ?? ''] ?? text.notOrderable.quote_only)}
              </p>
              <Link
                to={sectionPath(locale, 'contact')}
                className="mt-4 inline-block font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
              >
                {text.product.askQuote}
              </Link>
            </section>
            <ProductDocuments product={product} />
          </div>
        </div>
      </div>
    </article>
  );
}
