import { chromium } from '@playwright/test';
const base = 'http://localhost:4291';
const [,, routesArg = '/', widthsArg = '375,768,1280', opts = ''] = process.argv;
const routes = routesArg.split(',');
const widths = widthsArg.split(',').map(Number);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const width of widths) {
  const context = await browser.newContext({ viewport: { width, height: width < 700 ? 812 : 900 } });
  if (!opts.includes('banner')) await context.addInitScript(() => localStorage.setItem('cookie-consent', 'accepted'));
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log(`[${width}] console.${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => console.log(`[${width}] pageerror: ${e.message}`));
  if (opts.includes('allon')) {
    await page.route('**/rest/v1/feature_flags**', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()).map((f) => ({ ...f, enabled: true }));
      await route.fulfill({ response, json: body });
    });
  }
  for (const r of routes) {
    await page.goto(base + r, { waitUntil: 'networkidle' });
    if (!opts.includes('fold')) {
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 500) { window.scrollTo(0, y); await new Promise((r) => setTimeout(r, 60)); }
        window.scrollTo(0, 0);
      });
    }
    await page.waitForTimeout(opts.includes('banner') ? 1500 : 400);
    const name = `${r.replace(/\//g, '_') || 'root'}-${width}${opts ? '-' + opts : ''}.png`;
    await page.screenshot({ path: `/tmp/h2-shots/${name}`, fullPage: !opts.includes('fold') });
    if (!opts.includes('fold')) {
      const height = await page.evaluate(() => document.body.scrollHeight);
      const seg = width < 700 ? 1400 : 1600;
      for (let y = 0, i = 0; y < height; y += seg, i++) {
        await page.screenshot({ path: `/tmp/h2-shots/${name.replace('.png', '')}-part${i}.png`, fullPage: true, clip: { x: 0, y, width, height: Math.min(seg, height - y) } });
      }
    }
    console.log('shot', name);
  }
  await context.close();
}
await browser.close();
