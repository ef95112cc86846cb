/**
 * Every lazily loaded chunk the boot script may start by name: each route's
 * page (for each row of the route table, src/config/routes.ts, marked
 * `chunk`, a loader below named by the route's id) and the few chunks that are not a route's page. The router's
 * lazy pages (pages.tsx, routes.tsx) load through these, and so does the boot
 * script (src/boot.ts): the prerenderer names, on each page's root element,
 * the chunks that page needs before it can hydrate (`data-page-chunks`), and
 * the boot script requests them together with the application instead of
 * after it (docs/decisions/105-application-startup.md). The same
 * `import()` twice is one request: the browser keeps one module per URL.
 *
 * The boot script carries this module without pulling in the application:
 * it imports pages only lazily and the route table only for its types
 * (vite.config.ts keeps what the boot script imports out of the application
 * chunk).
 */
import type { RouteRow } from '@/config/routes';

/** The routes whose page is a chunk of its own (`chunk: true` in their row). */
export type LazyRoute = Extract<RouteRow, { chunk: true }>;
export type LazyRouteId = LazyRoute['id'];

/**
 * One loader per route with a chunk, named by the route's id: a missing or
 * extra entry is a type error, so the table and this list cannot drift.
 */
export const routeLoaders = {
  news: () => import('@/features/insights/components/news-page'),
  blog: () => import('@/features/insights/components/blog-page'),
  article: () => import('@/features/insights/components/article-page'),
  catalogue: () => import('@/features/catalogue/components/catalogue-page'),
  productCategory: () => import('@/features/catalogue/components/category-page'),
  product: () => import('@/features/catalogue/components/product-page'),
  teams: () => import('@/features/insights/components/teams-page'),
  partnerships: () => import('@/features/insights/components/partnerships-page'),
  solutions: () => import('@/features/insights/components/solutions-page'),
  signIn: () => import('@/features/auth/components/sign-in-page'),
  clientLogin: () => import('@/features/auth/components/client-login-page'),
  clientDashboard: () => import('@/features/client-portal/components/client-dashboard-page'),
  clientDocuments: () => import('@/features/client-portal/components/client-documents-page'),
  clientCatalogue: () => import('@/features/client-portal/catalogue/client-catalogue-page'),
  clientMessages: () => import('@/features/client-portal/components/client-messages-page'),
  clientOrders: () => import('@/features/client-portal/orders/orders-page'),
  clientNewOrder: () => import('@/features/client-portal/orders/new-order-page'),
  clientCart: () => import('@/features/client-portal/orders/cart-page'),
  clientOrder: () => import('@/features/client-portal/orders/order-page'),
  clientConfirm: () => import('@/features/auth/components/confirm-email-page'),
  accountStatus: () => import('@/features/auth/components/account-status-page'),
  resetPassword: () => import('@/features/auth/components/reset-password-page'),
  adminPortal: () => import('@/features/admin-portal/layout/admin-portal-routes'),
  simpleAdmin: () => import('@/features/simple-admin/components/simple-admin-page'),
} satisfies { [Id in LazyRouteId]: () => Promise<unknown> };

export const pageLoaders = {
  ...routeLoaders,
  contactForm: () => import('@/features/lead-forms/components/contact-form'),
  b2bRequestForm: () => import('@/features/lead-forms/components/b2b-request-form'),
  sessionLayout: () => import('./session-layout'),
};

export type PageChunk = keyof typeof pageLoaders;

export function isPageChunk(name: string): name is PageChunk {
  return Object.hasOwn(pageLoaders, name);
}

/**
 * Starts loading the chunks named in `list` (space-separated, as the
 * prerenderer writes `data-page-chunks`); unknown names are ignored. A failed
 * load is left to the router, which imports the same chunk again.
 */
export function loadPageChunks(list: string | undefined): void {
  for (const name of (list ?? '').split(' ')) {
    if (isPageChunk(name)) pageLoaders[name]().catch(() => undefined);
  }
}
