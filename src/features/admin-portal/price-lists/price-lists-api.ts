/**
 * Price lists and what ordering needs besides (docs/decisions/203-order-desk-concurrency.md):
 * lists with their case prices, a company's list and delivery addresses,
 * business holidays and the minimum order value per currency. Row-level
 * security lets staff read and an admin write; companies and their addresses
 * are written by staff who may manage the company. This module only calls.
 */
import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase/client';
import type { Tables, TablesInsert } from '@/lib/supabase/database.types';
import { unwrap } from '@/lib/supabase/errors';

export type PriceList = Tables<'price_lists'>;
export type PriceListItem = Tables<'price_list_items'>;
export type CompanyAddress = Tables<'company_addresses'>;
export type BusinessHoliday = Tables<'business_holidays'>;
export type OrderSetting = Tables<'order_settings'>;
export type ProductChoice = { id: string; sku: string; name: string };

export type PriceListValues = Pick<TablesInsert<'price_lists'>, 'name' | 'currency' | 'valid_from' | 'valid_until'>;
export type AddressValues = Pick<
  TablesInsert<'company_addresses'>,
  'label' | 'line1' | 'line2' | 'city' | 'region' | 'postal_code' | 'country'
>;

export const priceListQueries = {
  all: () => ['admin', 'price-lists'] as const,
  list: () =>
    queryOptions({
      queryKey: [...priceListQueries.all(), 'list'] as const,
      queryFn: async () =>
        unwrap<PriceList[]>(await supabase.from('price_lists').select('*').order('valid_from', { ascending: false })) ??
        [],
    }),
  one: (id: string) =>
    queryOptions({
      queryKey: [...priceListQueries.all(), 'one', id] as const,
      queryFn: async () =>
        unwrap<PriceList | null>(await supabase.from('price_lists').select('*').eq('id', id).maybeSingle()),
    }),
  items: (id: string) =>
    queryOptions({
      queryKey: [...priceListQueries.all(), 'items', id] as const,
      queryFn: async () =>
        unwrap<PriceListItem[]>(await supabase.from('price_list_items').select('*').eq('price_list_id', id)) ?? [],
    }),
  products: () =>
    queryOptions({
      queryKey: [...priceListQueries.all(), 'products'] as const,
      queryFn: async (): Promise<ProductChoice[]> => {
        const [products, names] = await Promise.all([
          supabase.from('products').select('id,sku'),
          supabase.from('product_translations').select('product_id,name').eq('lang', 'en'),
        ]);
        const named = new Map(
          (unwrap<{ product_id: string; name: string }[]>(names) ?? []).map((n) => [n.product_id, n.name]),
        );
        return (unwrap<{ id: string; sku: string }[]>(products) ?? [])
          .map((p) => ({ id: p.id, sku: p.sku, name: named.get(p.id) ?? p.sku }))
          .sort((a, b) => a.name.localeCompare(b.name));
      },
      staleTime: 5 * 60 * 1000,
    }),
  addresses: (companyId: string) =>
    queryOptions({
      queryKey: [...priceListQueries.all(), 'addresses', companyId] as const,
      queryFn: async () =>
        unwrap<CompanyAddress[]>(
          await supabase
            .from('company_addresses')
            .select('*')
            .eq('company_id', companyId)
            .order('created_at', { ascending: true }),
        ) ?? [],
    }),
  companyList: (companyId: string) =>
    queryOptions({
      queryKey: [...priceListQueries.all(), 'company', companyId] as const,
      queryFn: async () =>
        unwrap<{ price_list_id: string | null } | null>(
          await supabase.from('companies').select('price_list_id').eq('id', companyId).maybeSingle(),
        )?.price_list_id ?? null,
    }),
  holidays: () =>
    queryOptions({
      queryKey: [...priceListQueries.all(), 'holidays'] as const,
      queryFn: async () =>
        unwrap<BusinessHoliday[]>(
          await supabase.from('business_holidays').select('*').order('day', { ascending: true }),
        ) ?? [],
    }),
  settings: () =>
    queryOptions({
      queryKey: [...priceListQueries.all(), 'settings'] as const,
      queryFn: async () =>
        unwrap<OrderSetting[]>(
          await supabase.from('order_settings').select('*').order('currency', { ascending: true }),
        ) ?? [],
    }),
};

export async function createPriceList(values: PriceListValues): Promise<PriceList> {
  return unwrap<PriceList>(await supabase.from('price_lists').insert(values).select('*').single());
}

export async function updatePriceList(id: string, values: PriceListValues): Promise<void> {
  unwrap(await supabase.from('price_lists').update(values).eq('id', id));
}

export async function setCasePrice(priceListId: string, productId: string, casePrice: number): Promise<void> {
  unwrap(
    await supabase
      .from('price_list_items')
      .upsert({ price_list_id: priceListId, product_id: productId, case_price: casePrice }),
  );
}

export async function removeFromList(priceListId: string, productId: string): Promise<void> {
  unwrap(await supabase.from('price_list_items').delete().eq('price_list_id', priceListId).eq('product_id', productId));
}

export async function assignPriceList(companyId: string, priceListId: string | null): Promise<void> {
  unwrap(await supabase.from('companies').update({ price_list_id: priceListId }).eq('id', companyId));
}

export async function addAddress(companyId: string, values: AddressValues): Promise<void> {
  unwrap(await supabase.from('company_addresses').insert({ ...values, company_id: companyId, status: 'confirmed' }));
}

export async function updateAddress(id: string, values: AddressValues): Promise<void> {
  unwrap(await supabase.from('company_addresses').update(values).eq('id', id));
}

export async function setAddressStatus(id: string, status: 'confirmed' | 'rejected'): Promise<void> {
  unwrap(await supabase.from('company_addresses').update({ status }).eq('id', id));
}

export async function addHoliday(day: string, name: string): Promise<void> {
  unwrap(await supabase.from('business_holidays').insert({ day, name }));
}

export async function removeHoliday(day: string): Promise<void> {
  unwrap(await supabase.from('business_holidays').delete().eq('day', day));
}

export async function setMinimumOrderValue(currency: string, minimum: number): Promise<void> {
  unwrap(await supabase.from('order_settings').upsert({ currency, minimum_order_value: minimum }));
}
