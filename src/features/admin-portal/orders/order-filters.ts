/**
 * The order desk's queue filters, kept in the URL so a view can be reloaded
 * and shared. Unknown or malformed values are ignored (the filter is then
 * off), never an error.
 *
 *   ?status=submitted|confirmed|shipped|delivered|cancelled  &company=<uuid>
 *   &from=YYYY-MM-DD  &to=YYYY-MM-DD  &q=<number, PO or company>  &page=2
 */
export const ORDER_STATUSES = ['submitted', 'confirmed', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export type OrderFilters = {
  status: OrderStatus | null;
  company: string | null;
  from: string | null;
  to: string | null;
  search: string;
  /** 1-based. */
  page: number;
};

export const NO_ORDER_FILTERS: OrderFilters = {
  status: null,
  company: null,
  from: null,
  to: null,
  search: '',
  page: 1,
};

const MAX_PAGE = 100_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A real calendar day written YYYY-MM-DD, or null. */
export function isoDay(value: string | null): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : null;
}

export function parseOrderFilters(params: URLSearchParams): OrderFilters {
  const status = params.get('status');
  const company = params.get('company');
  const page = Number(params.get('page'));
  let from = isoDay(params.get('from'));
  let to = isoDay(params.get('to'));
  // A range given backwards is read the right way round.
  if (from && to && from > to) [from, to] = [to, from];
  return {
    status: (ORDER_STATUSES as readonly string[]).includes(status ?? '') ? (status as OrderStatus) : null,
    company: company && UUID.test(company) ? company.toLowerCase() : null,
    from,
    to,
    search: (params.get('q') ?? '').slice(0, 200),
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
}

/** The query string for `filters`, with only what differs from no filter, in a stable order. */
export function orderFiltersSearch(filters: OrderFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.company) params.set('company', filters.company);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.search.trim()) params.set('q', filters.search);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** Whether anything but the status tab and the page narrows the queue. */
export function isOrderFiltered(filters: OrderFilters): boolean {
  return Boolean(filters.company || filters.from || filters.to || filters.search.trim());
}
