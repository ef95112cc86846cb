import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { DownloadIcon } from '@/components/icons/download';
import { BackToDashboard, PortalPage } from '@/components/portal-page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label, Select } from '@/components/ui/field';
import { formatSize } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { localeTags, type Locale } from '@/i18n/locales';
import {
  documentTitle,
  downloadErrorKind,
  downloadFileName,
  fileNavigation,
  fileType,
  requestDownloadUrl,
  type DownloadErrorKind,
} from '../api/documents';
import { usePortalMessages } from '../use-portal-messages';
import { portalCatalogueQueries, type PortalProduct, type ProductDocument } from './catalogue-api';
import { SearchField } from '../components/search-field';
import { orderQueries } from '../orders/orders-api';
import { OrdersNav } from '../orders/orders-nav';
import { ProductOrdering } from '../orders/product-ordering';
import { useOrderMessages } from '../orders/use-order-messages';

export type CatalogueFilters = { category: string | null; query: string };

const fold = (value: string) =>
  value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Narrows the published products: a category, and words of the name (either language), SKU or brand. */
export function filterProducts(products: PortalProduct[], filters: CatalogueFilters): PortalProduct[] {
  const words = fold(filters.query).split(/\s+/).filter(Boolean);
  return products.filter((product) => {
    if (filters.category && product.categoryId !== filters.category) return false;
    const haystack = fold(`${product.name.en} ${product.name.fr} ${product.sku} ${product.brand}`);
    return words.every((word) => haystack.includes(word));
  });
}

/** One retail unit in the page's language: "500 mL", "0,75 L". */
function unitLabel(product: PortalProduct, locale: Locale): string {
  const size = new Intl.NumberFormat(localeTags[locale], { maximumFractionDigits: 3 }).format(product.unitSize);
  return `${size}\u00a0${product.unit}`;
}

function originLabel(product: PortalProduct, locale: Locale): string {
  let country = product.originCountry;
  try {
    country = new Intl.DisplayNames([localeTags[locale]], { type: 'region' }).of(product.originCountry) ?? country;
  } catch {
    // An unknown code is shown as it is.
  }
  return product.originRegion ? `${product.originRegion[locale]}, ${country}` : country;
}

/** /client/catalogue and /fr/client/catalogue, behind the client guard. */
export default function ClientCataloguePage() {
  const text = usePortalMessages().catalogue;
  return (
    <CatalogueBrowser
      route="clientCatalogue"
      title={text.metaTitle}
      description={text.metaDescription}
      heading={text.heading}
      intro={text.intro}
      nav={<OrdersNav />}
    />
  );
}

/**
 * The catalogue with search and category filter, each product with the
 * client's case price and the control that adds it to the order: the
 * catalogue page, and the new-order page beside its cart (`aside`).
 */
export function CatalogueBrowser({
  route,
  title,
  description,
  heading,
  intro,
  nav,
  aside,
}: {
  route: 'clientCatalogue' | 'clientNewOrder';
  title: string;
  description: string;
  heading: string;
  intro: string;
  nav?: ReactNode;
  aside?: ReactNode;
}) {
  const { locale } = useI18n();
  const text = usePortalMessages().catalogue;
  const orderText = useOrderMessages();
  const prices = useQuery(orderQueries.prices());
  const cart = useQuery(orderQueries.cart());
  const priceOf = new Map(prices.data?.map((price) => [price.productId, price]));
  const inCart = new Map(cart.data?.map((line) => [line.productId, line.quantity]));
  const [params, setParams] = useSearchParams();
  const catalogue = useQuery(portalCatalogueQueries.catalogue());
  const documents = useQuery(portalCatalogueQueries.documents());
  const ids = { category: useId(), search: useId(), heading: useId() };

  const categoryIds = catalogue.data?.categories.map((category) => category.id) ?? [];
  const category = params.get('category');
  const filters: CatalogueFilters = {
    category: category && categoryIds.includes(category) ? category : null,
    query: params.get('q') ?? '',
  };
  const openSku = params.get('product');
  const setParam = (name: string, value: string | null, replace = false) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace },
    );
  };
  const filtering = filters.category !== null || filters.query !== '';
  const products = catalogue.data?.products ?? [];
  const shown = filterProducts(products, filters);
  const categoryName = new Map(catalogue.data?.categories.map((c) => [c.id, c.name[locale]]) ?? []);

  return (
    <PortalPage route={route} title={title} description={description}>
      {nav ?? <BackToDashboard label={text.backToDashboard} />}
      <h1 id={ids.heading} className="mt-2 font-serif text-3xl font-semibold text-ink md:text-4xl">
        {heading}
      </h1>
      <p className="mt-2 text-lg text-ink-muted">{intro}</p>
      {prices.isError ? (
        <p
          role="alert"
          className="mt-4 rounded-md border border-danger/30 bg-danger-bg px-4 py-3 text-sm font-medium text-danger"
        >
          {orderText.price.failed}
        </p>
      ) : null}
      <div className={aside ? 'mt-2 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start' : undefined}>
        <div className="min-w-0">
          <div role="search" aria-label={text.filters} className="mt-6">
            <form
              className="grid gap-4 rounded-lg border border-sand-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[1fr_2fr_auto] lg:items-end"
              onSubmit={(event) => event.preventDefault()}
            >
              <div>
                <Label htmlFor={ids.category}>{text.category}</Label>
                <Select
                  id={ids.category}
                  value={filters.category ?? ''}
                  onChange={(event) => setParam('category', event.target.value)}
                >
                  <option value="">{text.allCategories}</option>
                  {catalogue.data?.categories.map((option) => (
                    <option key={option.id} value={option.id}>
                      {option.name[locale]}
                    </option>
                  ))}
                </Select>
              </div>
              <SearchField
                id={ids.search}
                label={text.search}
                placeholder={text.searchPlaceholder}
                value={filters.query}
                onChange={(value) => setParam('q', value, true)}
              />
              {filtering ? (
                <Button variant="ghost" onClick={() => setParams(new URLSearchParams())}>
                  {text.clearFilters}
                </Button>
              ) : null}
            </form>
          </div>

          <section aria-labelledby={ids.heading} aria-busy={catalogue.isPending} className="mt-6">
            {documents.isError ? (
              <div
                role="alert"
                className="mb-4 rounded-md border border-danger/30 bg-danger-bg px-4 py-3 text-sm font-medium text-danger"
              >
                <p>{text.documentsFailed}</p>
                <Button variant="secondary" size="sm" className="mt-3" onClick={() => void documents.refetch()}>
                  {text.retry}
                </Button>
              </div>
            ) : null}
            {catalogue.isPending ? (
              <p className="rounded-lg border border-sand-200 bg-white p-6 text-ink-muted" role="status">
                {text.loading}
              </p>
            ) : catalogue.isError ? (
              <div
                role="alert"
                className="rounded-md border border-danger/30 bg-danger-bg px-4 py-3 text-sm font-medium text-danger"
              >
                <p>{text.loadFailed}</p>
                <Button variant="secondary" size="sm" className="mt-3" onClick={() => void catalogue.refetch()}>
                  {text.retry}
                </Button>
              </div>
            ) : products.length === 0 ? (
              <p className="rounded-lg border border-sand-200 bg-white p-6 text-ink-muted">{text.empty}</p>
            ) : (
              <>
                <p className="mb-3 text-sm text-ink-muted" role="status">
                  {text.count(shown.length, products.length)}
                </p>
                {shown.length === 0 ? (
                  <p className="rounded-lg border border-sand-200 bg-white p-6 text-ink-muted">{text.noMatch}</p>
                ) : (
                  <ul className="divide-y divide-sand-200 rounded-lg border border-sand-200 bg-white">
                    {shown.map((product) => (
                      <ProductItem
                        key={product.id}
                        product={product}
                        categoryName={categoryName.get(product.categoryId) ?? product.categoryId}
                        documents={documents.data?.filter((document) => document.productId === product.id) ?? null}
                        open={openSku === product.sku}
                        onToggle={() => setParam('product', openSku === product.sku ? null : product.sku, true)}
                        ordering={
                          <ProductOrdering
                            product={{
                              id: product.id,
                              name: product.name[locale],
                              minOrderCases: product.minOrderCases,
                              orderableOnline: product.orderableOnline,
                              notOrderableText: text.notOrderableReasons[product.notOrderableReason ?? ''] ?? null,
                            }}
                            price={prices.isSuccess ? (priceOf.get(product.id) ?? null) : undefined}
                            inCart={inCart.get(product.id) ?? 0}
                          />
                        }
                      />
                    ))}
                  </ul>
                )}
              </>
            )}
          </section>
        </div>
        {aside ? <div className="min-w-0 lg:sticky lg:top-4">{aside}</div> : null}
      </div>
    </PortalPage>
  );
}

function ProductItem({
  product,
  categoryName,
  documents,
  open,
  onToggle,
  ordering,
}: {
  product: PortalProduct;
  categoryName: string;
  /** Null while the documents load or when they could not be. */
  documents: ProductDocument[] | null;
  open: boolean;
  onToggle: () => void;
  /** The client's price and the add-to-order control. */
  ordering: ReactNode;
}) {
  const { locale } = useI18n();
  const text = usePortalMessages().catalogue;
  const detailsId = useId();
  const name = product.name[locale];
  return (
    <li className="p-4 sm:p-5" data-testid="catalogue-product">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 className="break-words text-lg font-semibold text-ink">{name}</h2>
          <p className="mt-1 text-sm text-ink-muted">
            <span className="font-medium text-ink">{text.sku}</span> {product.sku} · {product.brand} ·{' '}
            {unitLabel(product, locale)}
          </p>
          {product.shortDescription[locale] ? (
            <p className="mt-1 text-ink-muted">{product.shortDescription[locale]}</p>
          ) : null}
          <div className="mt-2 flex flex-wrap gap-2">
            <Badge>{categoryName}</Badge>
            <Badge variant={product.orderableOnline ? 'success' : 'neutral'}>
              {product.orderableOnline ? text.orderableOnline : text.notOrderableOnline}
            </Badge>
            {documents && documents.length > 0 ? (
              <Badge variant="brand">{text.documentCount(documents.length)}</Badge>
            ) : null}
          </div>
        </div>
        <div className="flex shrink-0 flex-col gap-3 sm:w-64">
          {ordering}
          <Button
            variant="secondary"
            size="sm"
            className="self-start"
            aria-expanded={open}
            aria-controls={detailsId}
            aria-label={text.detailsOf(name)}
            onClick={onToggle}
          >
            {open ? text.hideDetails : text.details}
          </Button>
        </div>
      </div>
      <div id={detailsId} hidden={!open}>
        {open ? <ProductDetails product={product} documents={documents} /> : null}
      </div>
    </li>
  );
}

function ProductDetails({ product, documents }: { product: PortalProduct; documents: ProductDocument[] | null }) {
  const { locale } = useI18n();
  const text = usePortalMessages().catalogue;
  const list = (codes: string[], names: Record<string, string>, none: string) =>
    codes.length > 0 ? codes.map((code) => names[code] ?? code).join(', ') : none;
  const facts: Array<[string, string]> = [
    [text.fields.brand, product.brand],
    [text.fields.pack, text.pack(unitLabel(product, locale), product.unitsPerCase)],
    [text.fields.minimumOrder, text.cases(product.minOrderCases)],
    [text.fields.leadTime, text.businessDays(product.leadTimeDays)],
    [text.fields.origin, originLabel(product, locale)],
    [text.fields.storage, text.storageKinds[product.storage] ?? product.storage],
    [text.fields.shelfLife, text.days(product.shelfLifeDays)],
    [text.fields.allergens, list(product.allergens, text.allergenNames, text.noAllergens)],
    [text.fields.certifications, list(product.certifications, text.certificationNames, text.noCertifications)],
    [
      text.fields.ordering,
      product.orderableOnline
        ? text.orderableOnline
        : `${text.notOrderableOnline}. ${text.notOrderableReasons[product.notOrderableReason ?? ''] ?? ''}`.trim(),
    ],
  ];
  return (
    <div className="mt-4 grid gap-6 border-t border-sand-200 pt-4 lg:grid-cols-2">
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-ink">{label}</dt>
            <dd className="break-words text-ink-muted">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="min-w-0">
        <h3 className="font-semibold text-ink">{text.documentsTitle}</h3>
        {documents === null ? null : documents.length === 0 ? (
          <p className="mt-2 text-sm text-ink-muted">{text.noDocuments}</p>
        ) : (
          <ul className="mt-2 space-y-3">
            {documents.map((document) => (
              <ProductDocumentItem key={document.id} document={document} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function ProductDocumentItem({ document }: { document: ProductDocument }) {
  const { locale } = useI18n();
  const portal = usePortalMessages();
  const text = portal.documents;
  const [failure, setFailure] = useState<DownloadErrorKind | null>(null);
  const download = useMutation({
    mutationFn: () => requestDownloadUrl(document.id, downloadFileName(document, locale), document.productId),
    onMutate: () => setFailure(null),
    onSuccess: (url) => fileNavigation.open(url),
    onError: (error) => setFailure(downloadErrorKind(error)),
  });
  const title = documentTitle(document, locale);
  const errorId = useId();
  const failureText: Record<DownloadErrorKind, string> = {
    'not-found': text.downloadNotFound,
    network: text.downloadNetwork,
    'signed-out': text.downloadSignedOut,
    other: text.downloadFailed,
  };
  return (
    <li className="rounded-md border border-sand-200 p-3" data-testid="product-document">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="break-words font-medium text-ink">{title}</p>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-ink-muted">
            <Badge variant={document.clientsOnly ? 'brand' : 'neutral'}>
              {document.clientsOnly ? portal.catalogue.clientsOnly : portal.catalogue.publicDocument}
            </Badge>
            <span>{text.categories[document.category] ?? document.category}</span>
            <span>
              {fileType(document)}, {formatSize(document.sizeBytes, locale)}
            </span>
          </div>
        </div>
        <Button
          variant="secondary"
          size="sm"
          className="shrink-0 self-start"
          onClick={() => download.mutate()}
          disabled={download.isPending}
          aria-label={text.downloadLabel(title)}
          aria-describedby={failure ? errorId : undefined}
        >
          <DownloadIcon size={18} />
          {download.isPending ? text.downloading : text.download}
        </Button>
      </div>
      {failure ? (
        <p
          id={errorId}
          role="alert"
          className="mt-2 rounded-md border border-danger/30 bg-danger-bg px-3 py-2 text-sm font-medium text-danger"
        >
          {failureText[failure]}
        </p>
      ) : null}
    </li>
  );
}
