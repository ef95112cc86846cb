import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { HomePage } from '@/features/site/components/home-page';
import { NotFoundPage } from '@/features/site/components/not-found-page';
import { preloadPolicies, PrivacyPage, TermsPage } from '@/features/site/components/policy-page';
import { PublicLayout } from '@/features/site/components/public-layout';
import { localeFromPath, type Locale } from '@/i18n/locales';
import { FlagGate } from './flag-gate';
import { lazyPage } from './lazy-page';
import { LocaleRoot } from './locale-root';

// Everything below is split out of the public bundle (issue 6).
const NewsPage = lazyPage(() => import('@/features/insights/components/news-page'));
const BlogPage = lazyPage(() => import('@/features/insights/components/blog-page'));
const ArticlePage = lazyPage(() => import('@/features/insights/components/article-page'));
const TeamsPage = lazyPage(() => import('@/features/insights/components/teams-page'));
const PartnershipsPage = lazyPage(() => import('@/features/insights/components/partnerships-page'));
const SolutionsPage = lazyPage(() => import('@/features/insights/components/solutions-page'));
const ContactForm = lazyPage(() => import('@/features/lead-forms/components/contact-form'));
const B2BRequestForm = lazyPage(() => import('@/features/lead-forms/components/b2b-request-form'));
const SessionLayout = lazyPage(() => import('./session-layout'));
const SignInPage = lazyPage(() => import('@/features/auth/components/sign-in-page'));
const ClientLoginPage = lazyPage(() => import('@/features/client-portal/components/client-login-page'));
const ClientDashboardPage = lazyPage(() => import('@/features/client-portal/components/client-dashboard-page'));
const AdminPortalRoutes = lazyPage(() => import('@/features/admin-portal/components/admin-portal-routes'));
const SimpleAdminPage = lazyPage(() => import('@/features/simple-admin/components/simple-admin-page'));

/** Lazy modules to load before hydrating a prerendered page at `pathname`. */
export function preloadFor(pathname: string): Promise<void>[] {
  const bare = pathname.replace(/^\/fr(?=\/|$)/, '') || '/';
  if (bare === '/client/login') return [SessionLayout.preload(), ClientLoginPage.preload()];
  if (bare === '/admin/login') return [SessionLayout.preload(), SignInPage.preload()];
  if (bare === '/privacy' || bare === '/terms') return [preloadPolicies(localeFromPath(pathname))];
  return [];
}

function localeRoutes(locale: Locale) {
  return (
    <Route element={<PublicLayout />}>
      <Route index element={<HomePage contactForm={<ContactForm />} />} />
      <Route path="privacy" element={<PrivacyPage />} />
      <Route path="terms" element={<TermsPage />} />
      <Route element={<FlagGate flag="insights" />}>
        <Route path="insights/news" element={<NewsPage />} />
        <Route path="insights/blog" element={<BlogPage />} />
        <Route path="insights/blog/:slug" element={<ArticlePage />} />
      </Route>
      <Route element={<FlagGate flag="teams" />}>
        <Route path="teams" element={<TeamsPage />} />
      </Route>
      <Route element={<FlagGate flag="partnerships" />}>
        <Route path="partnerships" element={<PartnershipsPage />} />
      </Route>
      <Route element={<FlagGate flag="solutions" />}>
        <Route path="solutions" element={<SolutionsPage />} />
      </Route>
      <Route element={<SessionLayout />}>
        <Route path="admin/login" element={<SignInPage />} />
      </Route>
      <Route element={<FlagGate flag="client_portal" />}>
        <Route element={<SessionLayout />}>
          <Route path="client/login" element={<ClientLoginPage requestForm={<B2BRequestForm />} />} />
        </Route>
        <Route element={<SessionLayout guard="client" />}>
          <Route path="client/dashboard" element={<ClientDashboardPage />} />
        </Route>
      </Route>
      <Route path="*" element={<NotFoundPage />} key={`${locale}-404`} />
    </Route>
  );
}

export function AppRoutes() {
  return (
    <Suspense fallback={<PageSkeletonFallback />}>
      <Routes>
        <Route path="admin-portal/*" element={<LocaleRoot locale="en" />}>
          <Route element={<SessionLayout guard="admin" />}>
            <Route path="*" element={<AdminPortalRoutes />} />
          </Route>
        </Route>
        <Route path="simple-admin" element={<LocaleRoot locale="en" />}>
          <Route index element={<SimpleAdminPage />} />
        </Route>
        <Route path="fr" element={<LocaleRoot locale="fr" />}>
          {localeRoutes('fr')}
        </Route>
        <Route element={<LocaleRoot locale="en" />}>{localeRoutes('en')}</Route>
      </Routes>
    </Suspense>
  );
}

function PageSkeletonFallback() {
  // Outside any LocaleRoot the skeleton has no catalog; the routes' own
  // Suspense boundaries (inside LocaleRoot) normally catch first.
  return <div className="min-h-screen" aria-busy="true" />;
}
