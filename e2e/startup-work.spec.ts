/**
 * The work a public page does on the main thread before and after it
 * hydrates, by structure, never by the clock
 * (docs/decisions/150-main-thread-work-measured-against-a-floor.md and the
 * decisions after it): before the first paint nothing runs but the
 * early-press capture and the boot module (no stylesheet or module to fetch,
 * no other script); once running, the flags are read once and the page view
 * sent once, and the navigation bar leaves the root element's style alone
 * when its height is the stylesheet's (a root style change restyles the
 * whole document).
 */
import { EARLY_CLICKS_SCRIPT } from '../scripts/lib/early-clicks.ts';
import { hydrated } from './public-support.ts';
import { expect, test } from './support/fixtures.ts';

const PAGES = ['/', '/fr', '/client/login'];

test.use({ cookieConsent: 'accepted' });

for (const path of PAGES) {
  test(`${path}: before its first paint only the press capture runs, and the boot module waits for the parse`, async ({
    request,
  }) => {
    const html = await (await request.get(path)).text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    // A data block (the page's published content as JSON) never runs: it is not a script that could.
    const inline = scripts.filter(
      ([, attributes]) =>
        !/\bsrc=/.test(attributes ?? '') && !/\btype="application\/(ld\+)?json"/.test(attributes ?? ''),
    );
    const external = scripts.filter(([, attributes]) => /\bsrc=/.test(attributes ?? ''));
    expect(inline.map(([, , body]) => body)).toEqual([EARLY_CLICKS_SCRIPT]);
    // One module script (deferred: it runs after the parse, and only waits for the paint).
    expect(external).toHaveLength(1);
    expect(external[0]?.[1]).toMatch(/\btype="module"/);
    expect(external[0]?.[1]).toMatch(/\/assets\/index-[^"]+\.js/);
    // Nothing render-blocking or competing with the HTML.
    expect(html).not.toMatch(/<link\b[^>]*\brel=["']?(stylesheet|modulepreload|preload)\b/i);
  });
}

for (const viewport of [
  { width: 412, height: 823 },
  { width: 1280, height: 800 },
]) {
  for (const path of ['/', '/client/login']) {
    test(`${path} at ${viewport.width} px reads the flags once, sends one page view, and never restyles the root`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const calls: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (/\/rest\/v1\//.test(pathname)) calls.push(`${request.method()} ${pathname}`);
      });
      await page.goto(path);
      await hydrated(page);
      // The page view is sent when the browser is idle: wait for it, then for the network to settle.
      await expect.poll(() => calls.filter((call) => call.endsWith('/rpc/record_page_view')).length).toBe(1);
      await page.waitForLoadState('networkidle');
      expect(calls.filter((call) => call === 'GET /rest/v1/feature_flags')).toHaveLength(1);
      expect(calls.filter((call) => call.endsWith('/rpc/record_page_view'))).toHaveLength(1);
      expect(await page.evaluate(() => document.documentElement.getAttribute('style'))).toBeNull();
    });
  }
}
