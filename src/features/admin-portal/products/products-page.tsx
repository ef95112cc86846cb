import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useRef, useState, type ChangeEvent } from 'react';
import { Link, Route, Routes, useSearchParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input, Label, Select } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { PublishStatus } from '@/features/admin-portal/flags/publish-status';
import { AdminPage } from '@/features/admin-portal/layout/admin-page';
import { datedFileName, downloadCsv } from '@/features/admin-portal/shared/csv';
import {
  checkProductCsvSize,
  planImport,
  PRODUCT_CERTIFICATIONS,
  productsToCsv,
  type ProductImportPlan,
} from './product-csv';
import {
  applyProductFilters,
  isProductFiltered,
  NO_PRODUCT_FILTERS,
  parseProductFilters,
  productFiltersSearch,
  type ProductFilters,
} from './product-filters';
import { importProducts, productQueries, type AdminProduct } from './products-api';

const CERTIFICATION_LABEL: Record<string, string> = {
  organic: 'Organic',
  pdo: 'PDO',
  pgi: 'PGI',
  kosher: 'Kosher',
  halal: 'Halal',
  non_gmo: 'Non-GMO',
};
const STATUS_LABEL: Record<string, string> = { draft: 'Draft', published: 'Published' };
const SORT_LABEL = { name: 'Name (A–Z)', sku: 'SKU', updated: 'Last updated (newest first)' } as const;

const dateFormat = new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium' });
function Updated({ iso }: { iso: string }) {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? <span>—</span> : <time dateTime={iso}>{dateFormat.format(time)}</time>;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function StatusBadge({ status }: { status: string }) {
  return <Badge variant={status === 'published' ? 'success' : 'neutral'}>{STATUS_LABEL[status] ?? status}</Badge>;
}

function certificationsText(product: AdminProduct) {
  return product.certifications.map((code) => CERTIFICATION_LABEL[code] ?? code).join(', ');
}

/** The file's text as UTF-8 (a byte-order mark dropped). */
function readFileText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file, 'utf-8');
  });
}

type Planned = { fileName: string; plan: ProductImportPlan };

// The editor carries the Markdown renderer and the form: it loads on first use.
const ProductEditorPage = lazy(() => import('./editor/product-editor'));

/** Products: the list, `new` and `:id` (the editor, docs/decisions/192-product-editor.md). */
export function ProductsPage() {
  return (
    <Suspense
      fallback={
        <p role="status" className="text-ink-muted">
          Loading…
        </p>
      }
    >
      <Routes>
        <Route index element={<ProductList />} />
        <Route path="new" element={<ProductEditorPage />} />
        <Route path=":id" element={<ProductEditorPage />} />
      </Routes>
    </Suspense>
  );
}

/**
 * Products (docs/decisions/190-catalogue-in-the-database.md): every product
 * of the catalogue, drafts included, searched, filtered and sorted in the
 * browser through the URL; the whole catalogue as a CSV file in both
 * languages; and a CSV import checked in full before anything is sent (a dry
 * run listing what would be created and changed, and every problem by row),
 * then applied in one all-or-nothing call.
 */
function ProductList() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const filters = parseProductFilters(params);
  const catalogue = useQuery(productQueries.catalogue());
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const fileInput = useRef<HTMLInputElement | null>(null);
  const [planned, setPlanned] = useState<Planned | null>(null);
  const [reading, setReading] = useState(false);
  const [exported, setExported] = useState<{ count: number; fileName: string } | null>(null);

  const setFilter = (key: keyof ProductFilters, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        // Only what the page understands stays in the URL.
        return productFiltersSearch(parseProductFilters(next));
      },
      { replace: true },
    );

  const apply = useMutation({
    mutationFn: importProducts,
    onSuccess: (result) => {
      toast({
        title: 'Import applied',
        description: `Created ${plural(result.created, 'product', 'products')} and changed ${plural(result.changed, 'product', 'products')}.`,
        variant: 'success',
      });
      clearPlan();
      void queryClient.invalidateQueries({ queryKey: productQueries.all() });
    },
  });

  function clearPlan() {
    setPlanned(null);
    apply.reset();
    if (fileInput.current) fileInput.current.value = '';
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    apply.reset();
    if (!file) {
      setPlanned(null);
      return;
    }
    const tooBig = checkProductCsvSize(file.size);
    if (tooBig) {
      setPlanned({ fileName: file.name, plan: { errors: [tooBig], create: [], change: [], skip: [] } });
      return;
    }
    const data = catalogue.data;
    if (!data) return;
    setReading(true);
    try {
      const text = await readFileText(file);
      const plan = planImport(text, {
        categories: data.categories.map((category) => category.slug_en),
        existing: new Map(data.products.map((product) => [product.sku, product.csv])),
      });
      setPlanned({ fileName: file.name, plan });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setPlanned({
        fileName: file.name,
        plan: {
          errors: [{ row: null, field: null, message: `The file could not be read: ${message}` }],
          create: [],
          change: [],
          skip: [],
        },
      });
    } finally {
      setReading(false);
    }
  }

  const exportCsv = () => {
    const products = catalogue.data?.products ?? [];
    const fileName = datedFileName('products');
    downloadCsv(productsToCsv(products.map((product) => product.csv)), fileName);
    setExported({ count: products.length, fileName });
  };

  const all = catalogue.data?.products ?? [];
  const shown = applyProductFilters(all, filters);
  const filtered = isProductFiltered(filters);
  const categories = catalogue.data?.categories ?? [];

  return (
    <AdminPage
      section="products"
      title="Products"
      description="Every product of the catalogue, drafts included, with its English and French texts. Export the catalogue or import changes as CSV."
      actions={
        <>
          <Link to={`${paths.adminPortal('products')}/new`} className={buttonVariants()}>
            New product
          </Link>
          <Button variant="secondary" disabled={!catalogue.data} onClick={exportCsv}>
            Export CSV
          </Button>
        </>
      }
    >
      {/* Publishing changes the live site: whoever made the change sees whether it is there. */}
      <PublishStatus className="mb-6 sm:max-w-2xl" />
      <div aria-live="polite">
        {exported ? (
          <p role="status" className="mb-4 text-brand-700">
            Exported {plural(exported.count, 'product', 'products')} to {exported.fileName}.
          </p>
        ) : null}
      </div>

      <Card className="mb-6 p-4">
        <h2 className="text-lg font-semibold text-ink">Import from CSV</h2>
        <p className="mt-1 text-sm text-ink-muted">
          Use the columns of the export. The file is checked in full first: nothing changes until you apply it, and
          products missing from the file are left as they are.
        </p>
        <div className="mt-3">
          <Label htmlFor={`${id}-file`}>CSV file to import</Label>
          <input
            ref={fileInput}
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            disabled={!catalogue.data || reading || apply.isPending}
            aria-describedby={catalogue.data ? undefined : `${id}-file-hint`}
            onChange={(event) => void onFile(event)}
            className="block w-full max-w-full text-sm text-ink file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-md file:border file:border-brand-200 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800 disabled:cursor-not-allowed"
          />
          {catalogue.data ? null : (
            <p id={`${id}-file-hint`} className="mt-1 text-sm text-ink-muted">
              A file can be checked once the products have loaded.
            </p>
          )}
        </div>
        {reading ? (
          <p role="status" className="mt-3 text-sm text-ink-muted">
            Checking the file…
          </p>
        ) : null}
        {planned ? (
          <ImportPreview
            planned={planned}
            applying={apply.isPending}
            refusal={apply.error?.message ?? null}
            onApply={() => apply.mutate([...planned.plan.create, ...planned.plan.change].map((item) => item.product))}
            onCancel={clearPlan}
          />
        ) : null}
      </Card>

      <h2 className="mb-3 text-lg font-semibold text-ink">Catalogue</h2>
      <form
        role="search"
        aria-label="Filter products"
        className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5"
        onSubmit={(event) => event.preventDefault()}
      >
        <div>
          <Label htmlFor={`${id}-q`}>Search by SKU or name</Label>
          <Input
            id={`${id}-q`}
            type="search"
            value={filters.q}
            autoComplete="off"
            onChange={(event) => setFilter('q', event.target.value)}
          />
        </div>
        <div>
          <Label htmlFor={`${id}-category`}>Category</Label>
          <Select
            id={`${id}-category`}
            value={filters.category ?? ''}
            onChange={(e) => setFilter('category', e.target.value)}
          >
            <option value="">All categories</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name_en}
              </option>
            ))}
            {filters.category && !categories.some((category) => category.id === filters.category) ? (
              <option value={filters.category}>{filters.category}</option>
            ) : null}
          </Select>
        </div>
        <div>
          <Label htmlFor={`${id}-status`}>Status</Label>
          <Select
            id={`${id}-status`}
            value={filters.status ?? ''}
            onChange={(e) => setFilter('status', e.target.value)}
          >
            <option value="">Draft or published</option>
            <option value="draft">Draft</option>
            <option value="published">Published</option>
          </Select>
        </div>
        <div>
          <Label htmlFor={`${id}-certification`}>Certification</Label>
          <Select
            id={`${id}-certification`}
            value={filters.certification ?? ''}
            onChange={(e) => setFilter('certification', e.target.value)}
          >
            <option value="">Any certification</option>
            {PRODUCT_CERTIFICATIONS.map((code) => (
              <option key={code} value={code}>
                {CERTIFICATION_LABEL[code] ?? code}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor={`${id}-sort`}>Sort by</Label>
          <Select id={`${id}-sort`} value={filters.sort} onChange={(e) => setFilter('sort', e.target.value)}>
            {Object.entries(SORT_LABEL).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </div>
      </form>
      {filtered ? (
        <Button
          variant="ghost"
          size="sm"
          className="mb-4"
          onClick={() =>
            setParams(productFiltersSearch({ ...NO_PRODUCT_FILTERS, sort: filters.sort }), { replace: true })
          }
        >
          Clear filters
        </Button>
      ) : null}

      {catalogue.error ? (
        <div role="alert" className="mb-4 rounded-md border border-danger/30 bg-danger-bg p-3 text-danger">
          <p>The products could not be loaded: {catalogue.error.message}</p>
          <Button size="sm" variant="secondary" className="mt-2" onClick={() => void catalogue.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}

      <p role="status" className="mb-2 text-sm text-ink-muted">
        {catalogue.isPending && !catalogue.error
          ? 'Loading products…'
          : catalogue.data && all.length > 0
            ? filtered
              ? `Showing ${shown.length} of ${plural(all.length, 'product', 'products')}.`
              : `${plural(all.length, 'product', 'products')}.`
            : ''}
      </p>

      {catalogue.data && shown.length === 0 ? (
        <Card className="p-6 text-center">
          <p className="font-semibold text-ink">
            {all.length === 0 ? 'No products yet.' : 'No products match this search and these filters.'}
          </p>
          <p className="mt-1 text-sm text-ink-muted">
            {all.length === 0
              ? 'Import a CSV file to add products.'
              : 'Try another search, or clear the filters to see every product.'}
          </p>
        </Card>
      ) : null}

      {shown.length > 0 ? (
        <Card className="overflow-hidden">
          <table className="w-full table-fixed text-left text-sm">
            <caption className="sr-only">Products, sorted by {SORT_LABEL[filters.sort].toLowerCase()}</caption>
            <thead className="bg-sand-50 text-ink-muted">
              <tr>
                <th scope="col" className="w-24 px-2 py-2 sm:w-28 sm:px-3">
                  SKU
                </th>
                <th scope="col" className="px-2 py-2 sm:px-3">
                  Name
                </th>
                <th scope="col" className="hidden w-40 px-3 py-2 md:table-cell">
                  Category
                </th>
                <th scope="col" className="w-24 px-2 py-2 sm:w-28 sm:px-3">
                  Status
                </th>
                <th scope="col" className="hidden w-40 px-3 py-2 lg:table-cell">
                  Certifications
                </th>
                <th scope="col" className="hidden w-32 px-3 py-2 sm:table-cell">
                  Updated
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((product) => (
                <tr key={product.id} className="border-t border-sand-200 align-top" data-testid="product-row">
                  <td className="break-all px-2 py-2 font-mono text-xs text-ink sm:px-3">{product.sku}</td>
                  <td className="break-words px-2 py-2 sm:px-3">
                    <Link
                      to={`${paths.adminPortal('products')}/${product.id}`}
                      className="block font-semibold text-brand-700 underline-offset-2 hover:underline"
                    >
                      {product.nameEn || <span className="font-normal italic">No English name ({product.sku})</span>}
                    </Link>
                    {product.nameFr ? (
                      <span lang="fr" className="block text-ink-muted">
                        {product.nameFr}
                      </span>
                    ) : null}
                    <span className="block text-xs text-ink-muted md:hidden">{product.categoryName}</span>
                    {product.certifications.length > 0 ? (
                      <span className="block text-xs text-ink-muted lg:hidden">{certificationsText(product)}</span>
                    ) : null}
                    <span className="block text-xs text-ink-muted sm:hidden">
                      Updated <Updated iso={product.updatedAt} />
                    </span>
                  </td>
                  <td className="hidden break-words px-3 py-2 md:table-cell">{product.categoryName}</td>
                  <td className="px-2 py-2 sm:px-3">
                    <StatusBadge status={product.status} />
                  </td>
                  <td className="hidden break-words px-3 py-2 lg:table-cell">
                    {product.certifications.length > 0 ? (
                      certificationsText(product)
                    ) : (
                      <span className="text-ink-muted">None</span>
                    )}
                  </td>
                  <td className="hidden px-3 py-2 sm:table-cell">
                    <Updated iso={product.updatedAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      ) : null}
    </AdminPage>
  );
}

/** The dry run of an import: what it would do, every problem, and Apply when there is something to apply. */
function ImportPreview({
  planned,
  applying,
  refusal,
  onApply,
  onCancel,
}: {
  planned: Planned;
  applying: boolean;
  refusal: string | null;
  onApply: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const { plan, fileName } = planned;
  const errors = plan.errors;
  const toApply = plan.create.length + plan.change.length;
  const canApply = errors.length === 0 && toApply > 0;

  return (
    <section aria-labelledby={`${id}-title`} className="mt-4 border-t border-sand-200 pt-4">
      <h3 id={`${id}-title`} className="font-semibold text-ink">
        Import preview: <span className="break-all">{fileName}</span>
      </h3>
      {errors.length > 0 ? (
        <div className="mt-3 rounded-md border border-danger/30 bg-danger-bg p-3 text-danger">
          <p id={`${id}-errors`} className="font-semibold">
            The file cannot be imported: fix {errors.length === 1 ? 'this problem' : `these ${errors.length} problems`}{' '}
            and choose it again. Nothing was changed.
          </p>
          <ul aria-labelledby={`${id}-errors`} className="mt-2 list-disc space-y-1 break-words pl-5 text-sm">
            {errors.map((error, index) => (
              <li key={index}>{error.message}</li>
            ))}
          </ul>
        </div>
      ) : (
        <>
          <dl className="mt-3 grid grid-cols-3 gap-2 text-center sm:max-w-md" data-testid="import-counts">
            {(
              [
                ['To create', plan.create.length],
                ['To change', plan.change.length],
                ['Unchanged', plan.skip.length],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="rounded-md border border-sand-200 p-2">
                <dt className="text-xs text-ink-muted">{label}</dt>
                <dd className="text-xl font-semibold text-ink">{value}</dd>
              </div>
            ))}
          </dl>
          {plan.create.length > 0 ? (
            <>
              <h4 id={`${id}-create`} className="mt-4 text-sm font-semibold text-ink">
                New products
              </h4>
              <ul aria-labelledby={`${id}-create`} className="mt-1 list-disc space-y-1 break-words pl-5 text-sm">
                {plan.create.map((item) => (
                  <li key={item.sku}>
                    <span className="font-mono">{item.sku}</span> (row {item.row}): {item.product.name_en}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {plan.change.length > 0 ? (
            <>
              <h4 id={`${id}-change`} className="mt-4 text-sm font-semibold text-ink">
                Changes
              </h4>
              <ul aria-labelledby={`${id}-change`} className="mt-1 list-disc space-y-1 break-words pl-5 text-sm">
                {plan.change.map((item) => (
                  <li key={item.sku}>
                    <span className="font-mono">{item.sku}</span> (row {item.row}): {item.fields.join(', ')}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {toApply === 0 ? (
            <p className="mt-3 text-sm text-ink">Nothing to import: every product in the file matches the catalogue.</p>
          ) : null}
        </>
      )}
      {refusal ? (
        <p role="alert" className="mt-3 rounded-md border border-danger/30 bg-danger-bg p-3 text-danger">
          The database refused the import, so nothing was changed: {refusal}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        {canApply ? (
          <Button disabled={applying} onClick={onApply}>
            {applying ? 'Applying import…' : 'Apply import'}
          </Button>
        ) : null}
        <Button variant="secondary" disabled={applying} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </section>
  );
}
