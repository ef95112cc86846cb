/**
 * The component of each route of the table (src/config/routes.ts). Only the
 * site's own pages are imported eagerly; everything else is a lazy chunk, so
 * the public bundle never carries the portals, the forms or supabase-js.
 */
import type { ComponentType, ReactNode } from 'react';
import type { RouteId } from '@/config/routes';
import { HomePage } from '@/features/site/components/home-page';
import { preloadPolicies, PrivacyPage, TermsPage } from '@/features/site/components/policy-page';
import type { Locale } from '@/i18n/locales';
import { lazyPage, type PreloadablePage } from './lazy-page';
import { pageLoaders, type PageChunk } from './page-loaders';
import { LoadWhenNear } from './load-when-near';

export type PageEntry = {
  /** What the route renders. */
  element: ReactNode;
  /** Loads the page's code (and data) ahead, so a prerendered page hydrates without suspending. */
  preload?: (locale: Locale) => Promise<void>;
  /** The chunks `preload` loads, which the boot script may start early (page-loaders.ts). */
  chunks?: (locale: Locale) => PageChunk[];
};

const ContactForm = lazyPage(pageLoaders.contactForm);
const B2BRequestForm = lazyPage(pageLoaders.b2bRequestForm);
const ClientLoginPage = lazyPage(pageLoaders.clientLogin);

type PageWithoutProps = {
  [K in PageChunk]: Awaited<ReturnType<(typeof pageLoaders)[K]>> extends { default: ComponentType } ? K : never;
}[PageChunk];

/** A page of its own chunk that takes no props. */
function lazy(chunk: PageWithoutProps): PageEntry {
  // Each loader of PageWithoutProps resolves to a module whose default takes no props.
  const Page: PreloadablePage<object> = lazyPage(pageLoaders[chunk] as () => Promise<{ default: ComponentType }>);
  return { element: <Page />, preload: () => Page.preload(), chunks: () => [chunk] };
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
  news: lazy('news'),
  blog: lazy('blog'),
  article: lazy('article'),
  teams: lazy('teams'),
  partnerships: lazy('partnerships'),
  solutions: lazy('solutions'),
  signIn: lazy('signIn'),
  clientLogin: {
    element: <ClientLoginPage requestForm={(account) => <B2BRequestForm account={account} />} />,
    preload: () => ClientLoginPage.preload(),
    chunks: () => ['clientLogin'],
  },
  clientDashboard: lazy('clientDashboard'),
  clientConfirm: lazy('clientConfirm'),
  accountStatus: lazy('accountStatus'),
  resetPassword: lazy('resetPassword'),
  adminPortal: lazy('adminPortal'),
  simpleAdmin: lazy('simpleAdmin'),
};
