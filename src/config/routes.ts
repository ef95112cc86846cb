/**
 * The site's one route table (docs/decisions/040-one-route-table.md). Each
 * row declares a route: its path, languages, access, flag, indexing and
 * prerendering, whether its page is a chunk of its own (`chunk`) and where
 * its link sits in the site's navigation (`nav`). Everything that needs to know the URL
 * space derives from it: the router (src/app/routes.tsx, with the pages of
 * src/app/pages.tsx), the chunks a prerendered page names for the boot script
 * (src/app/page-loaders.ts), the links (./paths.ts), the header and footer
 * (./navigation.ts), who may open a path after sign-in, the prerender list,
 * the sitemap, robots.txt, the static hosts' rules, the servers' status codes
 * and the test route lists. Adding a public page is one row here, its
 * component, and its texts in both catalogs.
 *
 * Plain data: no React and no import of a page, lazy or not. The public
 * bundle, the boot script and the build scripts all read this file; the
 * pages' loaders live in the composition root (src/app/page-loaders.ts), so
 * no page's imports can lead back here in a circle.
 */
import { FRENCH_PREFIX, type Locale } from '@/i18n/locales';
import type { Messages } from '@/i18n/messages/en';
import type { FlagName } from '@/lib/flags/defaults';

/**
 * Who may open a route:
 * - public: anyone;
 * - sign-in: anyone, but never a destination after signing in;
 * - client / admin: a signed-in account with that role (others are sent to sign in);
 * - password: the simple admin, behind its own password form.
 */
export type RouteAccess = 'public' | 'sign-in' | 'client' | 'admin' | 'password';

type NavTexts = Messages['site']['nav'];
/** A label of the navigation: a key of the catalogs' `site.nav` whose text is a plain string. */
export type NavLabel = { [K in keyof NavTexts]: NavTexts[K] extends string ? K : never }[keyof NavTexts];

/** The header's drop-down menus (declared in ./navigation.ts). */
export type NavGroupId = 'insights';

/** A place in a link list: links are shown in ascending order. */
export type NavOrder = number;

/** Where a route's link appears in the site's navigation (./navigation.ts); the route's flag gates it. */
export type RouteNav = {
  label: NavLabel;
  /** In the header's link row at this position, in a drop-down menu at a position within it, or as the header's button. */
  header?: NavOrder | { group: NavGroupId; order: NavOrder } | 'button';
  /** In the footer's quick links at this position. */
  footer?: NavOrder;
};

export type RouteDef = {
  /** Names the route everywhere: its page (src/app/pages.tsx), its chunk, its links. */
  id: string;
  /** The English path; `:param` matches one segment, a trailing `/*` any rest (including none). */
  path: string;
  /** Both languages (French under /fr) or English only (staff pages, docs/decisions/014-both-languages-for-clients-and-visitors.md). */
  locales: 'both' | 'en';
  access: RouteAccess;
  /** Inside the site's header and footer, or a staff screen of its own. */
  layout: 'site' | 'staff';
  /** The route exists only while this flag is on; off, the path is the 404 page and its links are hidden. */
  flag?: FlagName;
  /** Listed in sitemap.xml (while its flag, if any, is on). */
  indexable?: boolean;
  /** Rendered to HTML at build (while its flag, if any, is on). */
  prerendered?: boolean;
  /**
   * One page per published item and language (a blog post, a product
   * category, a product), rendered at build and at each publish
   * (docs/decisions/165-published-content-on-the-site.md,
   * docs/decisions/191-catalogue-on-the-public-site.md): any other value of
   * its `:params` is a 404, and the sitemap lists the published ones.
   */
  perPublishedPage?: boolean;
  /**
   * The page is a chunk of its own, loaded when the route is opened and, on a
   * prerendered page, by the boot script beside the application. Its loader
   * (loaded lazily, named by the route's id) lives in the composition root,
   * src/app/page-loaders.ts, whose type requires one loader per such row. A
   * route without a chunk (the site's own pages, in the application chunk) or
   * whose page takes props has its entry in src/app/pages.tsx.
   */
  chunk?: true;
  nav?: RouteNav;
};

const TABLE = [
  {
    id: 'home',
    path: '/',
    locales: 'both',
    access: 'public',
    layout: 'site',
    indexable: true,
    prerendered: true,
  },
  {
    id: 'privacy',
    path: '/privacy',
    locales: 'both',
    access: 'public',
    layout: 'site',
    indexable: true,
    prerendered: true,
  },
  {
    id: 'terms',
    path: '/terms',
    locales: 'both',
    access: 'public',
    layout: 'site',
    indexable: true,
    prerendered: true,
  },
  {
    id: 'news',
    path: '/insights/news',
    locales: 'both',
    access: 'public',
    layout: 'site',
    flag: 'insights',
    indexable: true,
    prerendered: true,
    chunk: true,
    nav: { label: 'news', header: { group: 'insights', order: 10 }, footer: 60 },
  },
  {
    id: 'blog',
    path: '/insights/blog',
    locales: 'both',
    access: 'public',
    layout: 'site',
    flag: 'insights',
    indexable: true,
    prerendered: true,
    chunk: true,
    nav: { label: 'blog', header: { group: 'insights', order: 20 }, footer: 70 },
  },
  {
    id: 'article',
    path: '/insights/blog/:slug',
    locales: 'both',
    access: 'public',
    layout: 'site',
    flag: 'insights',
    perPublishedPage: true,
    chunk: true,
  },
  {
    id: 'catalogue',
    path: '/products',
    locales: 'both',
    access: 'public',
    layout: 'site',
    flag: 'products',
    indexable: true,
    prerendered: true,
    chunk: true,
  },
  {
    id: 'productCategory',
    path: '/products/:category',
    locales: 'both',
    access: 'public',
    layout: 'site',
    flag: 'products',
    perPublishedPage: true,
    chunk: true,
  },
  {
    id: 'product',
    path: '/products/:category/:product',
    locales: 'both',
    access: 'public',
    layout: 'site',
    flag: 'products',
    perPublishedPage: true,
    chunk: true,
  },
  {
    id: 'teams',
    path: '/teams',
    locales: 'both',
    access: 'public',
    layout: 'site',
    flag: 'teams',
    indexable: true,
    chunk: true,
    nav: { label: 'teams', header: 60, footer: 80 },
  },
  {
    id: 'partnerships',
    path: '/partnerships',
    locales: 'both',
    access: 'public',
    layout: 'site',
    flag: 'partnerships',
    indexable: true,
    chunk: true,
    nav: { label: 'partnerships', header: 70, footer: 90 },
  },
  {
    id: 'solutions',
    path: '/solutions',
    locales: 'both',
    access: 'public',
    layout: 'site',
    flag: 'solutions',
    indexable: true,
    chunk: true,
    nav: { label: 'solutions', header: 40, footer: 50 },
  },
  {
    id: 'signIn',
    path: '/admin/login',
    locales: 'both',
    access: 'sign-in',
    layout: 'site',
    prerendered: true,
    chunk: true,
  },
  // Carries the B2B access request, a lead form prospects should find: indexable.
  {
    id: 'clientLogin',
    path: '/client/login',
    locales: 'both',
    access: 'sign-in',
    layout: 'site',
    flag: 'client_portal',
    indexable: true,
    prerendered: true,
    chunk: true,
    nav: { label: 'clientPortal', header: 'button' },
  },
  {
    id: 'clientDashboard',
    path: '/client/dashboard',
    locales: 'both',
    access: 'client',
    layout: 'site',
    flag: 'client_portal',
    chunk: true,
  },
  {
    id: 'clientDocuments',
    path: '/client/documents',
    locales: 'both',
    access: 'client',
    layout: 'site',
    flag: 'client_portal',
    chunk: true,
  },
  // The catalogue with the clients-only documents (docs/decisions/193-product-documents-for-visitors-and-clients.md).
  {
    id: 'clientCatalogue',
    path: '/client/catalogue',
    locales: 'both',
    access: 'client',
    layout: 'site',
    flag: 'client_portal',
    chunk: true,
  },
  // Ordering (docs/decisions/200-cart-in-the-database-shown-as-it-is.md): the
  // history, the catalogue with the cart beside it, the cart and checkout, an
  // order by its number. The fixed paths come before the order's pattern.
  {
    id: 'clientOrders',
    path: '/client/orders',
    locales: 'both',
    access: 'client',
    layout: 'site',
    flag: 'client_portal',
    chunk: true,
  },
  {
    id: 'clientNewOrder',
    path: '/client/orders/new',
    locales: 'both',
    access: 'client',
    layout: 'site',
    flag: 'client_portal',
    chunk: true,
  },
  {
    id: 'clientCart',
    path: '/client/orders/cart',
    locales: 'both',
    access: 'client',
    layout: 'site',
    flag: 'client_portal',
    chunk: true,
  },
  {
    id: 'clientOrder',
    path: '/client/orders/:number',
    locales: 'both',
    access: 'client',
    layout: 'site',
    flag: 'client_portal',
    chunk: true,
  },
  // Conversations with the account manager (docs/decisions/118-conversation-screens.md); `?c=<id>` opens one.
  {
    id: 'clientMessages',
    path: '/client/messages',
    locales: 'both',
    access: 'client',
    layout: 'site',
    flag: 'client_portal',
    chunk: true,
  },
  // Self-service accounts (docs/decisions/070-accounts-run-themselves.md, 071-password-reset-by-email.md).
  {
    id: 'clientConfirm',
    path: '/client/confirm',
    locales: 'both',
    access: 'sign-in',
    layout: 'site',
    chunk: true,
  },
  {
    id: 'accountStatus',
    path: '/client/account',
    locales: 'both',
    access: 'sign-in',
    layout: 'site',
    chunk: true,
  },
  {
    id: 'resetPassword',
    path: '/reset-password',
    locales: 'both',
    access: 'sign-in',
    layout: 'site',
    chunk: true,
  },
  {
    id: 'adminPortal',
    path: '/admin-portal/*',
    locales: 'en',
    access: 'admin',
    layout: 'staff',
    chunk: true,
  },
  {
    id: 'simpleAdmin',
    path: '/simple-admin',
    locales: 'en',
    access: 'password',
    layout: 'staff',
    chunk: true,
  },
] as const satisfies readonly RouteDef[];

/** One row of the table, with its literal types (its id, path and loader). */
export type RouteRow = (typeof TABLE)[number];
export type RouteId = RouteRow['id'];
export type SiteRoute = RouteDef & { id: RouteId };
export const ROUTES: readonly SiteRoute[] = TABLE;

export function routeById(id: RouteId): SiteRoute {
  const route = ROUTES.find((r) => r.id === id);
  if (!route) throw new Error(`No route "${id}".`);
  return route;
}

export function localesOf(route: Pick<RouteDef, 'locales'>): Locale[] {
  return route.locales === 'both' ? ['en', 'fr'] : ['en'];
}

/** `path` (English) as the given language spells it. */
export function localized(path: string, locale: Locale): string {
  if (locale === 'en') return path;
  return path === '/' ? FRENCH_PREFIX : `${FRENCH_PREFIX}${path}`;
}

/** The route pattern without the router's `/*` tail, for links and prefixes. */
export function routeBase(route: Pick<RouteDef, 'path'>): string {
  return route.path.endsWith('/*') ? route.path.slice(0, -2) || '/' : route.path;
}

const compiled = new Map<string, RegExp>();

/** A pattern of the table as a regular expression: `:x` is one segment, `/*` any rest; a trailing slash is allowed. */
export function patternRegExp(pattern: string): RegExp {
  let re = compiled.get(pattern);
  if (!re) {
    const splat = pattern.endsWith('/*');
    const base = splat ? pattern.slice(0, -2) : pattern;
    const body = base
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    re = new RegExp(`^${body}${splat ? '(?:/.*)?' : ''}/?$`);
    compiled.set(pattern, re);
  }
  return re;
}

export type RouteMatch = { route: SiteRoute; locale: Locale };

/** The route that renders `pathname` (a path without query or hash), in the language of its URL, or null. */
export function matchRoute(pathname: string, routes: readonly SiteRoute[] = ROUTES): RouteMatch | null {
  for (const route of routes) {
    for (const locale of localesOf(route)) {
      if (patternRegExp(localized(route.path, locale)).test(pathname)) return { route, locale };
    }
  }
  return null;
}
