/**
 * Flags switched by staff change what visitors see
 * (docs/decisions/003-every-flag-has-a-visible-effect.md), through the
 * real backend: each flag-gated route is the 404 page while its flag is off
 * and the page once the seeded admin turns the flag on (then a reload). The
 * fixture restores every flag it touched.
 */
import { expect, test } from './support/fixtures.ts';
import { answeredCookies, GATED_ROUTES } from './public-support.ts';

const H1: Record<string, [string, string]> = {
  '/insights/news': ['News', 'Actualités'],
  '/insights/blog': ['Blog', 'Blogue'],
  '/insights/blog/bringing-greek-olive-oil-to-canada': [
    'Bringing a Greek olive oil to Canada: what the first year really looks like',
    'Faire connaître une huile d’olive grecque au Canada : à quoi ressemble vraiment la première année',
  ],
  '/teams': ['Our team', 'Notre équipe'],
  '/partnerships': ['Partnerships', 'Partenariats'],
  '/solutions': ['Solutions', 'Solutions'],
  '/products': ['Our products', 'Nos produits'],
};

// A category's and a product's pages follow the products flag as the catalogue's index does; each switch
// of that flag re-renders every page of the catalogue, so only the index is switched here.
const SWITCHED = GATED_ROUTES.filter(({ path }) => !path.startsWith('/products/'));

for (const { path, fr: frPath, flag } of SWITCHED) {
  test(`${path} (EN and FR) is a 404 while ${flag} is off and the page once an admin turns it on`, async ({
    page,
    setFlags,
    consoleErrors,
  }) => {
    consoleErrors.allow(/404 Error: User attempted to access non-existent route/);
    // While the flag is off the server answers the path with 404 (and may still, for a moment, after it goes on).
    consoleErrors.allow(/status of 404/);
    await answeredCookies(page);
    await setFlags({ [flag]: false });
    const [en, fr] = H1[path]!;

    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
    await page.goto(frPath);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oups ! Page introuvable');

    await setFlags({ [flag]: true });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fr);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en);
    const navLabel =
      flag === 'insights' ? 'Insights' : flag === 'products' ? 'Products' : en === 'Our team' ? 'Teams' : en;
    await expect(
      page
        .getByRole('navigation', { name: 'Main' })
        .getByRole(flag === 'insights' ? 'button' : 'link', { name: navLabel }),
    ).toBeVisible();
  });
}

test('home sections and their links follow their flags after a reload', async ({ page, setFlags }) => {
  await answeredCookies(page);
  await setFlags({ products: false, founder: false, our_process: false, client_portal: false });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main section[id]')).toHaveCount(3);
  await expect(page.locator('#products')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Explore our products' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Client Portal' })).toHaveCount(0);

  await setFlags({ products: true, founder: true, our_process: true, client_portal: true });
  await page.reload();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main section[id]')).toHaveCount(6);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Client Portal' })).toBeVisible();
});

test('without french_language there is no language switch, and /fr pages still render', async ({ page, setFlags }) => {
  await answeredCookies(page);
  await setFlags({ french_language: false });
  await page.goto('/fr');
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('votre marque');
  await expect(page.getByRole('link', { name: 'English' })).toHaveCount(0);
});

test('/client/login and /client/dashboard (EN and FR) are the 404 page while client_portal is off', async ({
  page,
  setFlags,
  consoleErrors,
}) => {
  // The app logs the unknown path; the browser logs the 404 status the server answers once the change is published.
  consoleErrors.allow(/404 Error: User attempted to access non-existent route|status of 404/);
  await answeredCookies(page);
  await setFlags({ client_portal: false });
  const notFound: [string, string][] = [
    ['/client/login', 'Oops! Page not found'],
    ['/client/dashboard', 'Oops! Page not found'],
    ['/fr/client/login', 'Oups ! Page introuvable'],
    ['/fr/client/dashboard', 'Oups ! Page introuvable'],
  ];
  for (const [path, heading] of notFound) {
    await page.goto(path);
    // The 404 page at the same address: no sign-in form, no redirect to one.
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
    await expect(page).toHaveURL(path);
    await expect(page.locator('input[type="password"]'), path).toHaveCount(0);
  }

  // Switched back on, the same addresses are the portal's sign-in page again.
  await setFlags({ client_portal: true });
  await page.goto('/client/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Client Portal');
  await page.goto('/fr/client/dashboard');
  await expect(page).toHaveURL('/fr/admin/login?from=%2Ffr%2Fclient%2Fdashboard');
});
