import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, Route, Routes, useNavigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Input, Select } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { AdminPage } from '@/features/admin-portal/layout/admin-page';
import { parseAmount, priceListProblems, type PriceListForm } from './price-input';
import {
  createPriceList,
  priceListQueries,
  removeFromList,
  setCasePrice,
  updatePriceList,
  type PriceList,
  type ProductChoice,
} from './price-lists-api';

const listHref = (id: string) => `${paths.adminPortal('price-lists')}/${id}`;

const dayText = (iso: string | null) =>
  iso ? new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-CA', { dateStyle: 'medium', timeZone: 'UTC' }) : 'no end';

/** Price lists: every list, a new one, and each list's header and case prices at `price-lists/:id`. */
export function PriceListsPage() {
  return (
    <Routes>
      <Route index element={<PriceListIndex />} />
      <Route path="new" element={<PriceListEditor />} />
      <Route path=":priceListId" element={<PriceListEditor />} />
    </Routes>
  );
}

function PriceListIndex() {
  const lists = useQuery(priceListQueries.list());
  return (
    <AdminPage
      section="price-lists"
      title="Price Lists"
      description="Each company orders at the case prices of its list (assigned on the company's page). Clients never see another list."
      actions={
        <Button asChild>
          <Link to={`${paths.adminPortal('price-lists')}/new`}>New price list</Link>
        </Button>
      }
    >
      {lists.isPending ? (
        <p role="status" className="text-ink-muted">
          Loading price lists…
        </p>
      ) : null}
      {lists.error ? (
        <p role="alert" className="text-danger">
          The price lists could not be loaded: {lists.error.message}
        </p>
      ) : null}
      {lists.isSuccess && lists.data.length === 0 ? <p className="text-ink-muted">No price lists yet.</p> : null}
      <ul className="grid gap-3 sm:grid-cols-2">
        {(lists.data ?? []).map((list) => (
          <li key={list.id}>
            <Card className="p-4">
              <Link to={listHref(list.id)} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
                {list.name}
              </Link>
              <p className="text-sm text-ink-muted">
                {list.currency} · from {dayText(list.valid_from)} to {dayText(list.valid_until)}
              </p>
            </Card>
          </li>
        ))}
      </ul>
    </AdminPage>
  );
}

function PriceListEditor() {
  const { priceListId } = useParams();
  const list = useQuery({ ...priceListQueries.one(priceListId ?? ''), enabled: Boolean(priceListId) });
  const creating = !priceListId;
  const title = creating ? 'New price list' : (list.data?.name ?? 'Price list');
  return (
    <AdminPage
      section="price-lists"
      title={title}
      description="A currency, the days its prices hold, and a price per case for each product on it."
    >
      <p className="mb-4">
        <Link to={paths.adminPortal('price-lists')} className="font-semibold text-brand-700 underline">
          ← All price lists
        </Link>
      </p>
      {!creating && list.isPending ? (
        <p role="status" className="text-ink-muted">
          Loading the price list…
        </p>
      ) : null}
      {list.error ? (
        <p role="alert" className="text-danger">
          The price list could not be loaded: {list.error.message}
        </p>
      ) : null}
      {!creating && list.isSuccess && !list.data ? (
        <p className="text-ink-muted">There is no such price list.</p>
      ) : null}
      {creating ? <HeaderForm key="new" /> : null}
      {list.data ? (
        <div className="grid gap-6">
          <HeaderForm key={list.data.id} list={list.data} />
          <ItemsCard list={list.data} />
        </div>
      ) : null}
    </AdminPage>
  );
}

function HeaderForm({ list }: { list?: PriceList }) {
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [form, setForm] = useState<PriceListForm>({
    name: list?.name ?? '',
    currency: list?.currency ?? 'CAD',
    valid_from: list?.valid_from ?? new Date().toISOString().slice(0, 10),
    valid_until: list?.valid_until ?? '',
  });
  const [shown, setShown] = useState(false);
  const problems = priceListProblems(form);
  const save = useMutation({
    mutationFn: async () => {
      const values = {
        name: form.name.trim(),
        currency: form.currency,
        valid_from: form.valid_from,
        valid_until: form.valid_until || null,
      };
      if (list) {
        await updatePriceList(list.id, values);
        return list.id;
      }
      return (await createPriceList(values)).id;
    },
    onSuccess: async (savedId) => {
      await queryClient.invalidateQueries({ queryKey: priceListQueries.all() });
      toast({ title: list ? 'Price list saved.' : 'Price list created.', variant: 'success' });
      if (!list) void navigate(listHref(savedId));
    },
  });
  const set = (key: keyof PriceListForm) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));
  const error = (key: keyof PriceListForm) => (shown ? problems[key] : undefined);

  return (
    <Card className="p-4 sm:p-6">
      <h2 className="mb-3 text-xl font-semibold text-ink">{list ? 'Name, currency and dates' : 'The new list'}</h2>
      <form
        noValidate
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          setShown(true);
          if (Object.keys(problems).length === 0) save.mutate();
        }}
      >
        <Field id={`${id}-name`} label="Name" error={error('name')} className="sm:col-span-2">
          {(aria) => <Input {...aria} maxLength={120} value={form.name} onChange={set('name')} />}
        </Field>
        <Field id={`${id}-currency`} label="Currency" error={error('currency')}>
          {(aria) => (
            <Select {...aria} value={form.currency} onChange={set('currency')}>
              <option value="CAD">CAD</option>
              <option value="USD">USD</option>
            </Select>
          )}
        </Field>
        <div className="hidden sm:block" />
        <Field id={`${id}-from`} label="Valid from" error={error('valid_from')}>
          {(aria) => <Input {...aria} type="date" value={form.valid_from} onChange={set('valid_from')} />}
        </Field>
        <Field id={`${id}-until`} label="Valid until (empty: no end)" error={error('valid_until')}>
          {(aria) => <Input {...aria} type="date" value={form.valid_until} onChange={set('valid_until')} />}
        </Field>
        {save.error ? (
          <p role="alert" className="text-danger sm:col-span-2">
            The price list could not be saved: {save.error.message}
          </p>
        ) : null}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={save.isPending}>
            {list ? 'Save' : 'Create price list'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function ItemsCard({ list }: { list: PriceList }) {
  const id = useId();
  const items = useQuery(priceListQueries.items(list.id));
  const products = useQuery(priceListQueries.products());
  const [search, setSearch] = useState('');
  const byId = new Map((products.data ?? []).map((p) => [p.id, p]));
  const onList = new Set((items.data ?? []).map((item) => item.product_id));
  const needle = search.trim().toLowerCase();
  const found = needle
    ? (products.data ?? [])
        .filter(
          (p) => !onList.has(p.id) && (p.name.toLowerCase().includes(needle) || p.sku.toLowerCase().includes(needle)),
        )
        .slice(0, 20)
    : [];
  const rows = (items.data ?? [])
    .map((item) => ({ item, product: byId.get(item.product_id) }))
    .sort((a, b) => (a.product?.name ?? '').localeCompare(b.product?.name ?? ''));

  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-xl font-semibold text-ink">Case prices ({list.currency})</h2>
      <p className="text-sm text-ink-muted">
        A product not on the list shows &ldquo;Ask your account manager&rdquo; to the companies on it. A change never
        alters an order already sent.
      </p>
      {items.error || products.error ? (
        <p role="alert" className="mt-2 text-danger">
          The prices could not be loaded.
        </p>
      ) : null}
      <ul className="mt-4 divide-y divide-sand-200" aria-label="Products on this list">
        {rows.map(({ item, product }) => (
          <PriceRow
            key={item.product_id}
            listId={list.id}
            product={product ?? { id: item.product_id, sku: '—', name: 'A product' }}
            price={Number(item.case_price)}
          />
        ))}
        {items.isSuccess && rows.length === 0 ? (
          <li className="py-2 text-ink-muted">No products on this list yet.</li>
        ) : null}
      </ul>
      <div className="mt-6">
        <label htmlFor={`${id}-search`} className="mb-1 block text-sm font-medium text-ink">
          Add products: search by name or SKU
        </label>
        <Input id={`${id}-search`} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        {needle && found.length === 0 && products.isSuccess ? (
          <p className="mt-2 text-sm text-ink-muted">No product off the list matches.</p>
        ) : null}
        <ul className="mt-2 divide-y divide-sand-200" aria-label="Products to add">
          {found.map((product) => (
            <PriceRow key={product.id} listId={list.id} product={product} price={null} />
          ))}
        </ul>
      </div>
    </Card>
  );
}

function PriceRow({ listId, product, price }: { listId: string; product: ProductChoice; price: number | null }) {
  const id = useId();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [text, setText] = useState(price === null ? '' : price.toFixed(2));
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: priceListQueries.items(listId).queryKey });
  const save = useMutation({
    mutationFn: (amount: number) => setCasePrice(listId, product.id, amount),
    onSuccess: async () => {
      await refresh();
      toast({ title: `${product.name}: ${price === null ? 'added' : 'price saved'}.`, variant: 'success' });
    },
    onError: (error) => setProblem(`Not saved: ${error.message}`),
  });
  const remove = useMutation({
    mutationFn: () => removeFromList(listId, product.id),
    onSuccess: async () => {
      await refresh();
      toast({ title: `${product.name} removed from the list.`, variant: 'success' });
    },
    onError: (error) => setProblem(`Not removed: ${error.message}`),
  });
  return (
    <li className="flex flex-wrap items-end gap-2 py-2" data-testid="price-row">
      <div className="min-w-0 flex-1 basis-48">
        <label htmlFor={`${id}-price`} className="block break-words text-sm font-medium text-ink">
          {product.name} <span className="text-ink-muted">({product.sku})</span>
        </label>
        <Input
          id={`${id}-price`}
          inputMode="decimal"
          className="mt-1 max-w-40"
          placeholder="Case price"
          value={text}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        {problem ? (
          <p id={`${id}-problem`} role="alert" className="mt-1 text-sm text-danger">
            {problem}
          </p>
        ) : null}
      </div>
      <Button
        size="sm"
        variant={price === null ? 'primary' : 'secondary'}
        disabled={save.isPending}
        onClick={() => {
          const amount = parseAmount(text);
          if (amount === null) {
            setProblem('Enter a case price above zero, with at most two decimals.');
            return;
          }
          setProblem(null);
          save.mutate(amount);
        }}
      >
        {price === null ? 'Add' : 'Save'}
        <span className="sr-only"> {product.name}</span>
      </Button>
      {price !== null ? (
        <Button size="sm" variant="ghost" disabled={remove.isPending} onClick={() => remove.mutate()}>
          Remove<span className="sr-only"> {product.name}</span>
        </Button>
      ) : null}
    </li>
  );
}
