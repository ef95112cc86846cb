/**
 * One product of the catalogue: `/admin-portal/products/new` and
 * `/admin-portal/products/:id` (docs/decisions/192-product-editor.md). Loaded
 * lazily with the Markdown renderer, inside the admin portal only.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useLeaveGuard } from '@/features/admin-portal/content/use-leave-guard';
import { AdminPage } from '@/features/admin-portal/layout/admin-page';
import { useSession } from '@/lib/session/session-context';
import { productQueries } from '../products-api';
import { ProductAudit } from './product-audit';
import {
  deleteProduct,
  productEditorQueries,
  saveProduct,
  setProductStatus,
  type EditableProduct,
} from './product-editor-api';
import {
  describeError,
  emptyProduct,
  fieldOfServerError,
  formToRows,
  productSchema,
  productToForm,
  type ProductFormValues,
} from './product-form';
import { ProductDocuments } from './product-documents';
import { ProductImages } from './product-images';
import { ProductPreview } from './product-preview';
import { ProductSharedFields } from './product-shared-fields';
import { ProductTextFields } from './product-text-fields';

const LIST = () => paths.adminPortal('products');

export default function ProductEditorPage() {
  const { id } = useParams();
  const product = useQuery({ ...productEditorQueries.one(id ?? ''), enabled: Boolean(id) });
  // The category select shows the stored value only once its options exist: the form waits for them.
  const categories = useQuery(productEditorQueries.categories());
  if (categories.isPending)
    return (
      <p role="status" className="text-ink-muted">
        Loading the categories…
      </p>
    );
  if (!id) return <EditorForm key="new" defaultValues={emptyProduct()} />;
  return (
    <>
      {product.isPending ? (
        <p role="status" className="text-ink-muted">
          Loading the product…
        </p>
      ) : null}
      {product.error ? (
        <p role="alert" className="text-danger">
          The product could not be loaded: {describeError(product.error)}
        </p>
      ) : null}
      {product.isSuccess && !product.data ? (
        <AdminPage section="products" title="Not found" description="There is no such product.">
          <Link to={LIST()} className="font-semibold text-brand-700 underline">
            ← All products
          </Link>
        </AdminPage>
      ) : null}
      {product.data ? (
        <EditorForm
          key={`${id}-${product.data.product.updated_at}`}
          stored={product.data}
          defaultValues={productToForm(product.data.product, product.data.texts, product.data.internalNotes)}
        />
      ) : null}
    </>
  );
}

function EditorForm({ stored, defaultValues }: { stored?: EditableProduct; defaultValues: ProductFormValues }) {
  const formId = useId();
  const productId = stored?.product.id;
  const status = stored?.product.status ?? 'draft';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const canWrite = useSession().currentLevel === 'aal2';
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const categories = useQuery(productEditorQueries.categories());
  const images = useQuery({ ...productEditorQueries.images(productId ?? ''), enabled: Boolean(productId) });
  const form = useForm<ProductFormValues>({
    // The schema checks the raw form values; formToRows trims and converts them.
    resolver: zodResolver(productSchema) as unknown as Resolver<ProductFormValues>,
    defaultValues,
  });
  const {
    handleSubmit,
    setError,
    reset,
    formState: { isDirty },
  } = form;
  useLeaveGuard(isDirty, 'Leave this page? Your unsaved changes will be lost.');

  const names = useWatch({ control: form.control, name: ['en.name', 'fr.name', 'sku'] });
  const title = names[0]?.trim() || names[1]?.trim() || names[2]?.trim() || 'Untitled product';

  const refresh = () => queryClient.invalidateQueries({ queryKey: productQueries.all() });

  /** Saves when needed; the product's id, or null when refused (the message is shown, the form kept). */
  const persist = async (values: ProductFormValues): Promise<string | null> => {
    if (productId && !isDirty) return productId;
    try {
      const savedId = await saveProduct(formToRows(values), stored);
      reset(values);
      return savedId;
    } catch (error) {
      const field = fieldOfServerError(error);
      if (field) {
        setError(field.field, { type: 'server', message: field.message }, { shouldFocus: true });
        setFailure(`The product was not saved: ${field.message}`);
      } else {
        setFailure(`The product was not saved. ${describeError(error)}`);
      }
      return null;
    }
  };

  const run = (label: string, action: ((id: string) => Promise<string>) | null) =>
    handleSubmit(
      async (values) => {
        setBusy(label);
        setFailure(null);
        try {
          const savedId = await persist(values);
          if (!savedId) return;
          let done = 'Saved.';
          if (action) {
            try {
              done = await action(savedId);
            } catch (error) {
              setFailure(describeError(error));
              return;
            }
          }
          toast({ title: done, variant: 'success' });
          if (!productId) navigate(`${LIST()}/${savedId}`, { replace: true });
        } finally {
          setBusy(null);
          await refresh();
        }
      },
      () => setFailure('Some fields need attention: see the messages beside them.'),
    );

  const publish = run('publish', async (id) => {
    await setProductStatus(id, 'published');
    return 'Published.';
  });
  const unpublish = run('unpublish', async (id) => {
    await setProductStatus(id, 'draft');
    return 'Back to draft: it is off the site.';
  });

  return (
    <AdminPage
      section="products"
      title={productId ? title : 'New product'}
      description="A product of the catalogue in English and French. Staff only until published."
    >
      <p className="mb-4">
        <Link to={LIST()} className="font-semibold text-brand-700 underline">
          ← All products
        </Link>
      </p>
      {canWrite ? null : (
        <p role="alert" className="mb-4 rounded-md border border-danger/30 bg-danger-bg p-3 text-danger">
          You are signed in without your authenticator code: the catalogue is read-only. Sign out and sign in again with
          your code to change it.
        </p>
      )}
      <div className="grid gap-6">
        <Card className="p-4 sm:p-6">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <h2 className="text-xl font-semibold text-ink">Status</h2>
            <Badge variant={status === 'published' ? 'success' : 'neutral'} data-testid="product-status">
              {status === 'published' ? 'Published' : 'Draft'}
            </Badge>
            {isDirty ? <span className="text-sm font-semibold text-ink">Unsaved changes</span> : null}
          </div>
          {failure ? (
            <p role="alert" className="mt-3 font-medium text-danger">
              {failure}
            </p>
          ) : null}
          <div className="mt-4 flex flex-wrap gap-2">
            <Button type="submit" form={formId} disabled={!canWrite || busy !== null}>
              {busy === 'save' ? 'Saving…' : status === 'published' ? 'Save and update the site' : 'Save draft'}
            </Button>
            {status === 'published' ? (
              <Button variant="secondary" disabled={!canWrite || busy !== null} onClick={() => void unpublish()}>
                Unpublish
              </Button>
            ) : (
              <Button variant="secondary" disabled={!canWrite || busy !== null} onClick={() => void publish()}>
                {busy === 'publish' ? 'Publishing…' : 'Publish'}
              </Button>
            )}
            {productId && status === 'draft' ? (
              <Button variant="danger" disabled={!canWrite || busy !== null} onClick={() => setDeleting(true)}>
                Delete
              </Button>
            ) : null}
          </div>
          <p className="mt-2 text-sm text-ink-muted">
            Publishing needs the English and the French texts. Only a draft can be deleted.
          </p>
        </Card>

        <form
          id={formId}
          noValidate
          onSubmit={(event) => void run('save', null)(event)}
          aria-label="Product details"
          className="grid gap-6"
        >
          <ProductSharedFields form={form} formId={formId} disabled={!canWrite} categories={categories.data ?? []} />
          <ProductTextFields form={form} formId={formId} disabled={!canWrite} />
        </form>

        <ProductPreview control={form.control} formId={formId} mainImage={images.data?.[0]} />

        {productId ? (
          <div className="grid gap-6">
            <ProductImages productId={productId} disabled={!canWrite} />
            <ProductDocuments productId={productId} disabled={!canWrite} />
          </div>
        ) : (
          <Card className="p-4 sm:p-6">
            <h2 className="text-xl font-semibold text-ink">Images and documents</h2>
            <p className="mt-1 text-ink-muted">Save the draft first: then add images and link documents.</p>
          </Card>
        )}

        {productId ? <ProductAudit productId={productId} /> : null}
      </div>

      <Dialog open={deleting} onOpenChange={setDeleting}>
        <DialogContent closeLabel="Close">
          <DialogTitle>Delete this product?</DialogTitle>
          <DialogDescription>
            “{title}” is deleted with its texts, images and document links. The history of changes is kept. This cannot
            be undone.
          </DialogDescription>
          <DialogFooter>
            <Button variant="secondary" onClick={() => setDeleting(false)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              disabled={busy !== null}
              onClick={async () => {
                if (!productId) return;
                setBusy('delete');
                try {
                  await deleteProduct(
                    productId,
                    (images.data ?? []).map((image) => image.storage_path),
                  );
                  reset(defaultValues);
                  await refresh();
                  toast({ title: 'Product deleted.', variant: 'success' });
                  navigate(LIST());
                } catch (error) {
                  setDeleting(false);
                  setFailure(`The product was not deleted. ${describeError(error)}`);
                } finally {
                  setBusy(null);
                }
              }}
            >
              Delete permanently
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </AdminPage>
  );
}
