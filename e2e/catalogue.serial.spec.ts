/**
 * The public catalogue (docs/decisions/191-catalogue-on-the-public-site.md):
 * each of its screens in both languages at the tablet width (public-a11y
 * checks the phone and desktop widths of the same pages), and a product staff
 * create, publish, rename and unpublish through supabase-js as the admin at
 * aal2, read as a crawler reads it (plain HTTP, no script runs), with its
 * picture, its public spec sheet downloaded from the page and its clients-only
 * certificate nowhere. Serial: it changes the published pages; the product it
 * creates is deleted.
 */
import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { BOTH_LANGUAGES, answeredCookies, expectPublicPage, hydrated } from './public-support.ts';
import { apiAs } from './support/accounts.ts';
import { axeViolations, VIEWPORTS } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';

/** Long enough for the publisher's poll (1 s) and a re-render on a busy machine. */
const PUBLISHED_WITHIN = 30_000;
const SPEC_SHEET = '00000000-0000-4000-8000-0000000d0c16';
const CERTIFICATE = '00000000-0000-4000-8000-0000000d0c17';

async function raw(request: APIRequestContext, path: string) {
  const response = await request.get(path, { headers: { 'Cache-Control': 'no-cache' }, maxRedirects: 0 });
  return { status: response.status(), html: await response.text(), location: response.headers().location ?? null };
}

test.describe('tablet (768 px)', () => {
  test.use({ viewport: VIEWPORTS.tablet, reducedMotion: 'reduce' });
  for (const path of BOTH_LANGUAGES.filter((p) => /^(\/fr)?\/products(\/|$)/.test(p))) {
    test(`${path}: no axe violation, nothing scrolls sideways`, async ({ page }) => {
      await answeredCookies(page);
      await page.goto(path);
      await hydrated(page);
      await expectPublicPage(page, path);
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    });
  }
});

test('the category filters narrow the list at once, and the home cards open their category', async ({ page }) => {
  await answeredCookies(page);
  await page.goto('/fr');
  await hydrated(page);
  await page.locator('#products').getByRole('link', { name: 'Fromages', exact: true }).click();
  await expect(page).toHaveURL(/\/fr\/products\/fromages$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fromages');
  const status = page.getByRole('status').filter({ hasText: /produit/ });
  const total = Number(/(\d+) produits/.exec((await status.textContent()) ?? '')?.[1]);
  expect(total).toBeGreaterThan(2);
  await page.getByRole('combobox', { name: 'Conservation' }).selectOption({ label: 'Surgelé' });
  await expect(status).toHaveText(new RegExp(`^1 produits sur ${total}$`));
  await expect(page).toHaveURL(/\?storage=frozen$/);
  // The filtered list survives a reload.
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('status').filter({ hasText: /produit/ })).toHaveText(
    new RegExp(`^1 produits sur ${total}$`),
  );
});

test('staff publish a product with a picture and a spec sheet: its pages, JSON-LD, rename and unpublish reach the raw HTML', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const request = page.request;
  const admin = await apiAs('admin');
  const suffix = Date.now().toString(36);
  const sku = `E2E-${suffix.toUpperCase()}`;
  const enSlug = `e2e-olive-oil-${suffix}`;
  const frSlug = `huile-e2e-${suffix}`;
  const en = `/products/wines-vinegars/${enSlug}`;
  const fr = `/fr/products/vins-et-vinaigres-balsamiques/${frSlug}`;

  const inserted = await admin
    .from('products')
    .insert({
      sku,
      category_id: 'wines-vinegars',
      brand: 'E2E Estate',
      origin_country: 'GR',
      origin_region_en: 'Crete',
      origin_region_fr: 'Crète',
      unit_size: 750,
      unit: 'mL',
      units_per_case: 6,
      lead_time_business_days: 5,
      storage: 'ambient',
      shelf_life_days: 720,
      allergens: ['sulphites'],
      certifications: ['pdo'],
      orderable_online: false,
      not_orderable_reason: 'liquor_board',
    })
    .select('id')
    .single();
  expect(inserted.error).toBeNull();
  const id = inserted.data!.id;
  try {
    const texts = await admin.from('product_translations').insert([
      {
        product_id: id,
        lang: 'en',
        name: `E2E Assyrtiko ${suffix}`,
        slug: enSlug,
        short_description: 'A mineral white.',
        description_md: 'Grown on **volcanic** soil.',
      },
      {
        product_id: id,
        lang: 'fr',
        name: `Assyrtiko E2E ${suffix}`,
        slug: frSlug,
        short_description: 'Un blanc minéral.',
        description_md: 'Cultivé sur un sol **volcanique**.',
      },
    ]);
    expect(texts.error).toBeNull();
    const picture = `${id}/bottle.png`;
    const upload = await admin.storage
      .from('product-images')
      .upload(picture, readFileSync('e2e/fixtures/product-64x48.png'), { contentType: 'image/png' });
    expect(upload.error).toBeNull();
    expect(
      (
        await admin.from('product_images').insert({
          product_id: id,
          storage_path: picture,
          width: 64,
          height: 48,
          alt_en: 'The bottle',
          alt_fr: 'La bouteille',
        })
      ).error,
    ).toBeNull();
    expect(
      (
        await admin.from('product_documents').insert([
          { product_id: id, document_id: SPEC_SHEET, visibility: 'public', sort_order: 0 },
          { product_id: id, document_id: CERTIFICATE, visibility: 'clients', sort_order: 1 },
        ])
      ).error,
    ).toBeNull();
    // A draft is nowhere.
    expect((await raw(request, en)).status).toBe(404);

    expect((await admin.from('products').update({ status: 'published' }).eq('id', id)).error).toBeNull();
    await expect.poll(async () => (await raw(request, en)).status, { timeout: PUBLISHED_WITHIN }).toBe(200);
    const english = await raw(request, en);
    expect(english.html).toContain(`E2E Assyrtiko ${suffix}`);
    expect(english.html).toContain('<strong>volcanic</strong>');
    expect(english.html).toContain(`/storage/v1/object/public/product-images/${id}/bottle.png`);
    expect(english.html).toContain('Balsamic vinegar of Modena PGI spec sheet');
    expect(english.html).not.toContain('Organic certificate 2026');
    expect(english.html).toContain('Sold through the provincial liquor boards');
    const ld = /<script type="application\/ld\+json">([^<]+)<\/script>/.exec(english.html)?.[1];
    const data = JSON.parse(ld ?? '{}') as Record<string, unknown>;
    expect(data).toMatchObject({ '@type': 'Product', sku, brand: { name: 'E2E Estate' } });
    expect(data).not.toHaveProperty('offers');
    expect(english.html).toMatch(new RegExp(`<link rel="alternate" hreflang="fr-CA" href="[^"]*${fr}"`, 'i'));
    expect(english.html).toMatch(
      new RegExp(`<meta property="og:image" content="[^"]+/product-images/${id}/bottle\\.png"`),
    );
    const french = await raw(request, fr);
    expect(french.status).toBe(200);
    expect(french.html).toContain(`Assyrtiko E2E ${suffix}`);
    expect(french.html).toContain('Vendu par les sociétés des alcools provinciales');
    expect((await raw(request, '/sitemap.xml')).html).toContain(`${fr}</loc>`);
    expect((await raw(request, '/products/wines-vinegars')).html).toContain(`E2E Assyrtiko ${suffix}`);

    // The spec sheet downloads from the page, through a link the server makes.
    await page.goto(en);
    await hydrated(page);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /Balsamic vinegar of Modena PGI spec sheet/ }).click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);

    // A rename: the former address redirects permanently to the new one.
    const renamed = `${enSlug}-renamed`;
    expect(
      (await admin.from('product_translations').update({ slug: renamed }).eq('product_id', id).eq('lang', 'en')).error,
    ).toBeNull();
    await expect.poll(async () => (await raw(request, en)).status, { timeout: PUBLISHED_WITHIN }).toBe(301);
    expect((await raw(request, en)).location).toBe(`/products/wines-vinegars/${renamed}`);
    expect((await raw(request, `/products/wines-vinegars/${renamed}`)).status).toBe(200);

    // Unpublished: both languages answer 404 and leave the sitemap.
    expect((await admin.from('products').update({ status: 'draft' }).eq('id', id)).error).toBeNull();
    await expect
      .poll(async () => (await raw(request, `/products/wines-vinegars/${renamed}`)).status, {
        timeout: PUBLISHED_WITHIN,
      })
      .toBe(404);
    expect((await raw(request, fr)).status).toBe(404);
    expect((await raw(request, '/sitemap.xml')).html).not.toContain(frSlug);
  } finally {
    await admin.storage.from('product-images').remove([`${id}/bottle.png`]);
    await admin.from('products').update({ status: 'draft' }).eq('id', id);
    await admin.from('products').delete().eq('id', id);
  }
});
