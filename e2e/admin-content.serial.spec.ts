/**
 * The Content editor (docs/decisions/170-content-editor.md): staff write a
 * blog post in English and French with an image (resized in the browser),
 * preview it, publish it; the published row and its translations are then
 * readable as anon. Then axe and widths on the list and the editor.
 * Serial: it writes shared state, and staff sign-ins end other first-step sessions.
 */
import type { Page } from '@playwright/test';
import { deflateSync } from 'node:zlib';
import { E2E_BACKEND_URL, E2E_SITE_URL } from '../scripts/lib/ports.ts';
import { apiAs } from './support/accounts.ts';
import { axeViolations, VIEWPORTS } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { saveSignedInState, signedInStateFile } from './support/sign-in.ts';
import {
  atEveryWidth,
  expectAdminPageSettled,
  expectControlsWithinWidth,
  expectNoSidewaysScroll,
  lookAt,
} from './support/widths.ts';

const adminState = signedInStateFile('admin-content');
const stamp = Date.now().toString(36);
const titles = { en: `Cretan olive harvest ${stamp}`, fr: `Récolte des olives crétoises ${stamp}` };
const slugs = { en: `cretan-olive-harvest-${stamp}`, fr: `recolte-des-olives-cretoises-${stamp}` };
let editorPath = '';

test.use({ cookieConsent: 'declined', storageState: adminState });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  await saveSignedInState(browser, 'admin', adminState, E2E_SITE_URL);
});

/** A PNG of one colour, `width` × `height` (RGB, 8 bits), encoded here. */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([120, 140, 60], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Does `act`, answers the question it raises with Cancel, and returns the question. */
async function stayWhenAsked(page: Page, act: () => Promise<unknown>): Promise<string> {
  const asked = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.dismiss();
    }),
  );
  await act();
  return asked;
}

test('staff write a post in English and French with an image, preview it and publish it', async ({
  page,
  setFlags,
}) => {
  test.slow();
  // The insights pages are off by default; on, the published post gets its pages.
  await setFlags({ insights: true });
  await page.goto('/admin-portal/content');
  await page.getByRole('link', { name: 'New blog post' }).click();
  await expect(page).toHaveURL('/admin-portal/content/new?kind=blog');
  await expect(page.getByRole('heading', { level: 1, name: 'New blog post' })).toBeVisible();

  await page.getByLabel('Category').selectOption('sourcing');
  await page.getByLabel('Author', { exact: true }).fill('Eleni Markou');
  // A 2400 px wide photo: resized to 1,600 px in the browser before upload.
  await page.locator('input[type="file"]').setInputFiles({
    name: 'harvest.png',
    mimeType: 'image/png',
    buffer: png(2400, 1600),
  });
  // Decoding, resizing and re-encoding 3.8 megapixels is the browser's heaviest work in the suite: on a
  // saturated 2-core machine it has taken over 7 s.
  await expect(page.getByTestId('image-size')).toHaveText('1600 × 1067 px', { timeout: 30_000 });

  await page.getByLabel('Title (English)').fill(titles.en);
  await expect(page.getByLabel('Slug (English)')).toHaveValue(slugs.en);
  await page.getByLabel('Excerpt (English)').fill('How the harvest went this year.');
  await page.getByLabel('Image alt text (English)').fill('Olive groves above the sea');
  await page
    .getByLabel('Body (English, Markdown)')
    .fill('## The groves\n\nA **good** year for the [cooperative](https://example.com).');
  await expect(page.getByTestId('preview-en').getByRole('heading', { name: 'The groves' })).toBeVisible();

  await page.getByRole('tab', { name: /French/ }).click();
  await page.getByLabel('Title (French)').fill(titles.fr);
  await expect(page.getByLabel('Slug (French)')).toHaveValue(slugs.fr);
  await page.getByLabel('Image alt text (French)').fill('Oliveraies au-dessus de la mer');
  await page.getByLabel('Body (French, Markdown)').fill('## Les oliveraies\n\nUne **bonne** année.');

  // A stray click on a link, the browser's Back button or Logout asks first; staying keeps everything typed.
  const leave = 'Leave this page? Your unsaved changes will be lost.';
  const frenchBody = '## Les oliveraies\n\nUne **bonne** année.';
  expect(await stayWhenAsked(page, () => page.getByRole('link', { name: '← All content' }).click())).toBe(leave);
  await expect(page).toHaveURL('/admin-portal/content/new?kind=blog');
  await expect(page.getByLabel('Body (French, Markdown)')).toHaveValue(frenchBody);
  expect(await stayWhenAsked(page, () => page.evaluate(() => window.history.back()))).toBe(leave);
  await expect(page).toHaveURL('/admin-portal/content/new?kind=blog');
  await expect(page.getByRole('heading', { level: 1, name: 'New blog post' })).toBeVisible();
  await expect(page.getByLabel('Body (French, Markdown)')).toHaveValue(frenchBody);
  expect(await stayWhenAsked(page, () => page.getByRole('button', { name: 'Logout' }).click())).toBe(leave);
  await expect(page).toHaveURL('/admin-portal/content/new?kind=blog');
  await expect(page.getByLabel('Body (French, Markdown)')).toHaveValue(frenchBody);

  // Preview saves the draft first and shows it at its future address.
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page).toHaveURL(/\/admin-portal\/content\/[0-9a-f-]{36}\/preview\/fr$/);
  await expect(page.getByRole('heading', { level: 1, name: titles.fr })).toBeVisible();
  await expect(page.getByTestId('public-path')).toHaveText(`/fr/insights/blog/${slugs.fr}`);
  await expect(page.getByRole('img', { name: 'Oliveraies au-dessus de la mer' })).toHaveAttribute('width', '1600');
  await page.getByRole('link', { name: 'English preview' }).click();
  await expect(page.getByRole('heading', { level: 1, name: titles.en })).toBeVisible();
  await expect(page.getByTestId('public-path')).toHaveText(`/insights/blog/${slugs.en}`);
  await expect(page.getByRole('link', { name: 'cooperative' })).toHaveAttribute('rel', 'noopener noreferrer');
  const id = /content\/([0-9a-f-]{36})\//.exec(page.url())![1]!;

  // Nothing of a draft is public.
  const anon = await apiAs('anon');
  expect((await anon.from('content_items').select('id').eq('id', id)).data).toEqual([]);

  await page.getByRole('link', { name: '← Back to the editor' }).click();
  editorPath = `/admin-portal/content/${id}`;
  await expect(page).toHaveURL(editorPath);
  await expect(page.getByTestId('status-badge').first()).toHaveText('Draft');
  const pressed = Date.now();
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByTestId('status-badge').first()).toHaveText('Published');
  // The site follows within seconds: the raw HTML of both addresses (what a crawler or a
  // link preview receives) shows the post, its image at its stored size and its alt text.
  for (const [lang, path] of [
    ['en', `/insights/blog/${slugs.en}`],
    ['fr', `/fr/insights/blog/${slugs.fr}`],
  ] as const) {
    await expect
      .poll(async () => (await page.request.get(path, { headers: { 'Cache-Control': 'no-cache' } })).status(), {
        timeout: 20_000,
      })
      .toBe(200);
    const html = await (await page.request.get(path)).text();
    expect(html).toContain(titles[lang]);
    expect(html).toMatch(
      /<img[^>]+content-images\/[^>]+width="1600"[^>]+height="1067"|<img[^>]+width="1600"[^>]+height="1067"[^>]+content-images\//,
    );
  }
  test.info().annotations.push({
    type: 'Publish pressed → raw HTML of both articles',
    description: `${Date.now() - pressed} ms`,
  });
  await expect(page.getByRole('list', { name: 'Public addresses' })).toContainText(`/fr/insights/blog/${slugs.fr}`);

  // Published: anon reads the item and both languages.
  const item = await anon.from('content_items').select('status,image_path,image_width,image_height').eq('id', id);
  expect(item.data).toEqual([
    { status: 'published', image_path: expect.stringMatching(/\.(webp|jpg)$/), image_width: 1600, image_height: 1067 },
  ]);
  const translations = await anon
    .from('content_translations')
    .select('lang,title,slug,image_alt')
    .eq('item_id', id)
    .order('lang');
  expect(translations.data).toEqual([
    { lang: 'en', title: titles.en, slug: slugs.en, image_alt: 'Olive groves above the sea' },
    { lang: 'fr', title: titles.fr, slug: slugs.fr, image_alt: 'Oliveraies au-dessus de la mer' },
  ]);
  // The uploaded object is public, resized and re-encoded.
  const object = await page.request.get(
    `${E2E_BACKEND_URL}/storage/v1/object/public/content-images/${item.data?.[0]?.image_path ?? ''}`,
  );
  expect(object.ok()).toBe(true);
  expect(object.headers()['content-type']).toMatch(/^image\/(webp|jpeg)/);

  // The history names who published it, and the list finds it by its filters after a reload.
  await expect(page.getByRole('list', { name: 'Change history' })).toContainText('published it');
  await page.goto(`/admin-portal/content?status=published&kind=blog&q=${stamp}`);
  await page.reload();
  await expect(page.getByTestId('content-row')).toHaveCount(1);
  await expect(page.getByTestId('content-row')).toContainText(titles.en);
});

for (const [name, path] of [
  ['content list', () => '/admin-portal/content'],
  ['content editor', () => editorPath || '/admin-portal/content/new?kind=news'],
] as const) {
  test(`the ${name} fits every width, with nothing for axe to report`, async ({ page }) => {
    test.slow();
    await atEveryWidth(
      page,
      () => page.goto(path()),
      async (width) => {
        await expectAdminPageSettled(page);
        const where = `${name} at ${width} px`;
        await expectNoSidewaysScroll(page, where);
        await expectControlsWithinWidth(page, where);
        // Every row's title and status are in view without scrolling the list sideways.
        const hiddenStatus = await page.evaluate(
          () =>
            [...document.querySelectorAll('[data-testid="content-row"] [data-testid="status-badge"]')].filter(
              (badge) => badge.getBoundingClientRect().right > window.innerWidth,
            ).length,
        );
        expect(hiddenStatus, where).toBe(0);
        expect(await axeViolations(page), where).toEqual([]);
        if (width !== VIEWPORTS.tablet.width) {
          await lookAt(page, `admin-${name.replace(/\s+/g, '-')}-${width}`);
        }
      },
    );
  });
}
