/**
 * Every lazily loaded chunk the boot script may start by name: each route's
 * page (its row's `load` in the route table, src/config/routes.ts, named by
 * the route's id) and the few chunks that are not a route's page. The router's
 * lazy pages (pages.tsx, routes.tsx) load through these, and so does the boot
 * script (src/boot.ts): the prerenderer names, on each page's root element,
 * the chunks that page needs before it can hydrate (`data-page-chunks`), and
 * the boot script requests them together with the application instead of
 * after it (docs/decisions/105-application-startup.md). The same
 * `import()` twice is one request: the browser keeps one module per URL.
 *
 * The boot script carries this module and the route table without pulling in
 * the application: neither imports a page or the app statically
 * (vite.config.ts keeps what the boot script imports out of the application
 * chunk).
 */
import { ROUTES, type RouteRow } from '@/config/routes';

/** The routes whose page is a chunk of its own. */
export type LazyRoute = Extract<RouteRow, { load: unknown }>;
export type LazyRouteId = LazyRoute['id'];

const routeLoaders = Object.fromEntries(ROUTES.flatMap((route) => (route.load ? [[route.id, route.load]] : []))) as {
  [R in LazyRoute as R['id']]: R['load'];
};

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
