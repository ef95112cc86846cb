/**
 * The component of each route of the table (src/config/routes.ts). Only the
 * site's own pages are imported eagerly; everything else is a lazy chunk, so
 * the public bundle never carries the portals, the forms or supabase-js.
 */
import type { ReactNode } from 'react';
import type { RouteId } from '@/config/routes';
import { HomePage } from '@/features/site/components/home-page';
import { preloadPolicies, PrivacyPage, TermsPage } from '@/features/site/components/policy-page';
import type { Locale } from '@/i18n/locales';
import { lazyPage, type PreloadablePage } from './lazy-page';
import { LoadWhenNear } from './load-when-near';

export type PageEntry = {
  /** What the route renders. */
  element: ReactNode;
  /** Loads the page's code (and data) ahead, so a prerendered page hydrates without suspending. */
  preload?: (locale: Locale) => Promise<void>;
};

const NewsPage = lazyPage(() => import('@/features/insights/components/news-page'));
const BlogPage = lazyPage(() => import('@/features/insights/components/blog-page'));
const ArticlePage = lazyPage(() => import('@/features/insights/components/article-page'));
const TeamsPage = lazyPage(() => import('@/features/insights/components/teams-page'));
const PartnershipsPage = lazyPage(() => import('@/features/insights/components/partnerships-page'));
const SolutionsPage = lazyPage(() => import('@/features/insights/components/solutions-page'));
const ContactForm = lazyPage(() => import('@/features/lead-forms/components/contact-form'));
const B2BRequestForm = lazyPage(() => import('@/features/lead-forms/components/b2b-request-form'));
const SignInPage = lazyPage(() => import('@/features/auth/components/sign-in-page'));
const ClientLoginPage = lazyPage(() => import('@/features/client-portal/components/client-login-page'));
const ClientDashboardPage = lazyPage(() => import('@/features/client-portal/components/client-dashboard-page'));
const ConfirmEmailPage = lazyPage(() => import('@/features/client-portal/components/confirm-email-page'));
const AccountStatusPage = lazyPage(() => import('@/features/client-portal/components/account-status-page'));
const ResetPasswordPage = lazyPage(() => import('@/features/client-portal/components/reset-password-page'));
const AdminPortalRoutes = lazyPage(() => import('@/features/admin-portal/components/admin-portal-routes'));
const SimpleAdminPage = lazyPage(() => import('@/features/simple-admin/components/simple-admin-page'));

function lazy(Page: PreloadablePage<object>): PageEntry {
  return { element: <Page />, preload: () => Page.preload() };
}

export const PAGES: Record<RouteId, PageEntry> = {
  // The contact form's code (react-hook-form, the schema, its texts) loads as
  // the visitor approaches or touches the form, not with the page
  // (docs/decisions/101-contact-form-code-loads-on-approach.md).
  home: {
    element: (
      <HomePage
        contactForm={
          <LoadWhenNear selector='[data-slot="contact-form"]' load={() => ContactForm.preload()}>
            <ContactForm />
          </LoadWhenNear>
        }
      />
    ),
  },
  privacy: { element: <PrivacyPage />, preload: preloadPolicies },
  terms: { element: <TermsPage />, preload: preloadPolicies },
  news: lazy(NewsPage),
  blog: lazy(BlogPage),
  article: lazy(ArticlePage),
  teams: lazy(TeamsPage),
  partnerships: lazy(PartnershipsPage),
  solutions: lazy(SolutionsPage),
  signIn: lazy(SignInPage),
  clientLogin: {
    element: <ClientLoginPage requestForm={(account) => <B2BRequestForm account={account} />} />,
    preload: () => ClientLoginPage.preload(),
  },
  clientDashboard: lazy(ClientDashboardPage),
  clientConfirm: lazy(ConfirmEmailPage),
  accountStatus: lazy(AccountStatusPage),
  resetPassword: lazy(ResetPasswordPage),
  adminPortal: lazy(AdminPortalRoutes),
  simpleAdmin: lazy(SimpleAdminPage),
};
