/**
 * A stand-in for Tawk.to's embed script, served by page.route in place of
 * https://embed.tawk.to/…: it adds a launcher like the real widget's (a
 * `.widget-visible` container holding an iframe titled "chat widget") and a
 * Tawk_API that only counts calls, so a test sees whether the app itself hides
 * the DOM and whether it asks the API to.
 */
import type { Page } from '@playwright/test';

export const TAWK_EMBED = 'https://embed.tawk.to/**';

const script = `(() => {
  const stub = (window.__tawkStub = { hideCalls: 0, showCalls: 0 });
  const api = (window.Tawk_API = window.Tawk_API || {});
  api.hideWidget = () => { stub.hideCalls += 1; };
  api.showWidget = () => { stub.showCalls += 1; };
  const container = document.createElement('div');
  container.className = 'widget-visible';
  container.style.cssText = 'position:fixed;right:16px;bottom:16px;z-index:2147483000;display:block';
  const launcher = document.createElement('iframe');
  launcher.title = 'chat widget';
  launcher.style.cssText = 'width:64px;height:64px;border:0;border-radius:32px;background:#174771';
  container.append(launcher);
  document.body.append(container);
  if (typeof api.onLoad === 'function') api.onLoad();
})();`;

/** Serves the stub for every embed request; returns the URLs requested. */
export async function serveTawkStub(page: Page): Promise<string[]> {
  const requested: string[] = [];
  await page.route(TAWK_EMBED, (route) => {
    requested.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: script });
  });
  return requested;
}

export type TawkStubState = { hideCalls: number; showCalls: number };

export function stubState(page: Page): Promise<TawkStubState | null> {
  return page.evaluate(() => (window as unknown as { __tawkStub?: TawkStubState }).__tawkStub ?? null);
}
