/**
 * The one home of every lazily loaded page chunk's `import()`. The router's
 * lazy pages (pages.tsx, routes.tsx) load through these, and so does the boot
 * script (src/boot.ts): the prerenderer names, on each page's root element,
 * the chunks that page needs before it can hydrate (`data-page-chunks`), and
 * the boot script requests them together with the application instead of
 * after it (docs/decisions/105-application-startup.md). The same
 * `import()` twice is one request: the browser keeps one module per URL.
 *
 * This module has no static imports, so the boot script carries it without
 * pulling in the application.
 */
export const pageLoaders = {
  news: () => import('@/features/insights/components/news-page'),
  blog: () => import('@/features/insights/components/blog-page'),
  article: () => import('@/features/insights/components/article-page'),
  teams: () => import('@/features/insights/components/teams-page'),
  partnerships: () => import('@/features/insights/components/partnerships-page'),
  solutions: () => import('@/features/insights/components/solutions-page'),
  contactForm: () => import('@/features/lead-forms/components/contact-form'),
  b2bRequestForm: () => import('@/features/lead-forms/components/b2b-request-form'),
  signIn: () => import('@/features/auth/components/sign-in-page'),
  clientLogin: () => import('@/features/client-portal/components/client-login-page'),
  clientDashboard: () => import('@/features/client-portal/components/client-dashboard-page'),
  clientConfirm: () => import('@/features/client-portal/components/confirm-email-page'),
  accountStatus: () => import('@/features/client-portal/components/account-status-page'),
  resetPassword: () => import('@/features/client-portal/components/reset-password-page'),
  adminPortal: () => import('@/features/admin-portal/components/admin-portal-routes'),
  simpleAdmin: () => import('@/features/simple-admin/components/simple-admin-page'),
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
