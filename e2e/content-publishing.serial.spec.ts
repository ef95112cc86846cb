/**
 * A news item or post staff publish reaches the raw HTML every visitor and
 * crawler receives within seconds, through the local publisher
 * (docs/decisions/165-published-content-on-the-site.md,
 * 166-publishing-content-changes.md, 167-slug-redirects-and-feeds.md): driven
 * through supabase-js as the admin at aal2, read with plain HTTP requests
 * (no script runs). Serial: it switches the insights pages on (restored by
 * setFlags) and changes the published pages; the items it creates are deleted.
 */
import type { APIRequestContext } from '@playwright/test';
import { hydrated } from './public-support.ts';
import { apiAs } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';

/** Long enough for the publisher's poll (1 s) and a re-render on a busy machine. */
const PUBLISHED_WITHIN = 20_000;

async function raw(request: APIRequestContext, path: string) {
  const response = await request.get(path, { headers: { 'Cache-Control': 'no-cache' }, maxRedirects: 0 });
  return { status: response.status(), html: await response.text(), location: response.headers().location ?? null };
}

function payload(id: string | undefined, suffix: string, titles: { en: string; fr: string }) {
  const common = { excerpt: 'An excerpt.', image_alt: '', date: '2026-11-20', author_role: 'Editor', author_bio: '' };
  return {
    ...(id ? { id } : { kind: 'blog' }),
    category: 'sourcing',
    featured: false,
    image: null,
    author_name: 'E2E Author',
    translations: {
      en: {
        ...common,
        title: titles.en,
        slug: `e2e-post-${suffix}`,
        body_md: `## Why\n\nThe **body** of ${titles.en}.`,
      },
      fr: {
        ...common,
        title: titles.fr,
        slug: `article-e2e-${suffix}`,
        body_md: `## Pourquoi\n\nLe corps de ${titles.fr}.`,
      },
    },
  };
}

test('publish, edit, rename, unpublish and schedule a post: the raw HTML, lists, sitemap and feeds follow', async ({
  page,
  setFlags,
  consoleErrors,
}) => {
  // The open page of an article unpublished meanwhile turns into the 404 page, which says so in the console.
  consoleErrors.allow(/non-existent route/);
  test.setTimeout(150_000);
  const request = page.request;
  const admin = await apiAs('admin');
  const suffix = `${Date.now().toString(36)}`;
  const en = `/insights/blog/e2e-post-${suffix}`;
  const fr = `/fr/insights/blog/article-e2e-${suffix}`;
  const created: string[] = [];

  await setFlags({ insights: true });
  try {
    // A draft is nowhere.
    const saved = await admin.rpc('save_content_item', {
      payload: payload(undefined, suffix, { en: `E2E post ${suffix}`, fr: `Article E2E ${suffix}` }),
    });
    expect(saved.error).toBeNull();
    const id = saved.data as string;
    created.push(id);
    expect((await raw(request, en)).status).toBe(404);

    // Publish: both article URLs, both lists, the sitemap and both feeds.
    const published = Date.now();
    expect((await admin.rpc('publish_content_item', { item_id: id })).error).toBeNull();
    await expect.poll(async () => (await raw(request, en)).status, { timeout: PUBLISHED_WITHIN }).toBe(200);
    test.info().annotations.push({ type: 'publish → raw HTML', description: `${Date.now() - published} ms` });
    const article = await raw(request, en);
    expect(article.html).toContain(`E2E post ${suffix}`);
    expect(article.html).toContain('<strong>body</strong>');
    expect(article.html).toMatch(new RegExp(`hreflang="fr-CA" href="[^"]*${fr}"`, 'i'));
    const french = await raw(request, fr);
    expect(french.status).toBe(200);
    expect(french.html).toContain(`Article E2E ${suffix}`);
    expect((await raw(request, '/insights/blog')).html).toContain(`href="${en}"`);
    expect((await raw(request, '/fr/insights/blog')).html).toContain(`href="${fr}"`);
    const sitemap = (await raw(request, '/sitemap.xml')).html;
    expect(sitemap).toContain(`${en}</loc>`);
    expect(sitemap).toContain(`${fr}</loc>`);
    expect((await raw(request, '/insights/feed.xml')).html).toContain(`E2E post ${suffix}`);
    expect((await raw(request, '/fr/insights/feed.xml')).html).toContain(`Article E2E ${suffix}`);

    // In a browser the prerendered article hydrates with the content it carries (no error, no second
    // version), and its language link leads to the French article under its own slug.
    await page.goto(en);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`E2E post ${suffix}`);
    await expect(page.locator('.article-body strong')).toHaveText('body');
    await expect(page.getByTestId('language-switch').first()).toHaveAttribute('href', fr);

    // Edit the title: the HTML follows.
    expect(
      (
        await admin.rpc('save_content_item', {
          payload: payload(id, suffix, { en: `E2E renamed ${suffix}`, fr: `Article E2E ${suffix}` }),
        })
      ).error,
    ).toBeNull();
    await expect
      .poll(async () => (await raw(request, en)).html.includes(`E2E renamed ${suffix}`), { timeout: PUBLISHED_WITHIN })
      .toBe(true);

    // Change the English slug: the old URL redirects permanently to the new one.
    const moved = payload(id, suffix, { en: `E2E renamed ${suffix}`, fr: `Article E2E ${suffix}` });
    moved.translations.en.slug = `e2e-moved-${suffix}`;
    expect((await admin.rpc('save_content_item', { payload: moved })).error).toBeNull();
    const movedPath = `/insights/blog/e2e-moved-${suffix}`;
    await expect.poll(async () => (await raw(request, movedPath)).status, { timeout: PUBLISHED_WITHIN }).toBe(200);
    // The publisher writes the pages first, then the redirects and status codes: wait for the whole publish.
    await expect
      .poll(
        async () => {
          const old = await raw(request, en);
          return `${old.status} ${old.location}`;
        },
        { timeout: PUBLISHED_WITHIN },
      )
      .toMatch(new RegExp(`^30[18] ${movedPath}$`));

    // A visitor opens the article just before it is unpublished; the browser's check that it is still
    // published is held until the unpublish has gone through (as for a copy cached before it).
    let releaseCheck: () => void = () => {};
    const held = new Promise<void>((resolve) => (releaseCheck = resolve));
    await page.route('**/rest/v1/content_translations?*', async (route) => {
      await held;
      await route.continue();
    });
    const checked = page.waitForResponse((response) => response.url().includes('/rest/v1/content_translations?'));
    await page.goto(movedPath);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`E2E renamed ${suffix}`);

    // Unpublish: both URLs answer 404 and leave the sitemap and feed.
    expect((await admin.rpc('unpublish_content_item', { item_id: id })).error).toBeNull();
    await expect.poll(async () => (await raw(request, movedPath)).status, { timeout: PUBLISHED_WITHIN }).toBe(404);
    expect((await raw(request, fr)).status).toBe(404);
    expect((await raw(request, '/sitemap.xml')).html).not.toContain(movedPath);
    expect((await raw(request, '/insights/feed.xml')).html).not.toContain(`E2E renamed ${suffix}`);

    // The open page learns it from the database: the article gives way to the 404 page.
    releaseCheck();
    expect(await (await checked).json()).toEqual([]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
    await expect(page.getByText(`E2E renamed ${suffix}`)).toHaveCount(0);
    await page.unrouteAll({ behavior: 'wait' });

    // Schedule another a few seconds ahead: absent until due, then published by the publisher's due-run.
    const later = await admin.rpc('save_content_item', {
      payload: payload(undefined, `${suffix}-later`, { en: `E2E later ${suffix}`, fr: `Article plus tard ${suffix}` }),
    });
    expect(later.error).toBeNull();
    const laterId = later.data as string;
    created.push(laterId);
    const due = Date.now() + 10_000;
    expect(
      (await admin.rpc('schedule_content_item', { item_id: laterId, at: new Date(due).toISOString() })).error,
    ).toBeNull();
    const laterPath = `/insights/blog/e2e-post-${suffix}-later`;
    const early = await raw(request, laterPath);
    if (Date.now() < due - 1_000) expect(early.status).toBe(404);
    await expect
      .poll(async () => (await raw(request, laterPath)).status, { timeout: 10_000 + PUBLISHED_WITHIN })
      .toBe(200);
    expect(Date.now()).toBeGreaterThanOrEqual(due);
  } finally {
    for (const id of created) await admin.rpc('delete_content_item', { item_id: id });
  }
});
