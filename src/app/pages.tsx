/**
 * The element of each route of the table (src/config/routes.ts). A route whose
 * row has a `chunk` and whose page takes no props renders that lazy page and
 * needs nothing here. The entries below are the exceptions: the site's own
 * pages, in the application chunk, and pages given other features' pieces as
 * props. Everything but the site's own pages is a lazy chunk, so the public
 * bundle never carries the portals, the forms or supabase-js.
 */
import type { ComponentType, ReactNode } from 'react';
import { ROUTES, type RouteId } from '@/config/routes';
import { HomePage } from '@/features/site/components/home-page';
import { preloadPolicies, PrivacyPage, TermsPage } from '@/features/site/components/policy-page';
import type { Locale } from '@/i18n/locales';
import { lazyPage, type PreloadablePage } from './lazy-page';
import { pageLoaders, type LazyRouteId, type PageChunk, type routeLoaders } from './page-loaders';
import { LoadWhenNear } from './load-when-near';

export type PageEntry = {
  /** What the route renders. */
  element: ReactNode;
  /** Loads the page's code (and data) ahead, so a prerendered page hydrates without suspending. */
  preload?: (locale: Locale) => Promise<void>;
  /** The chunks `preload` loads, which the boot script may start early (page-loaders.ts). */
  chunks?: (locale: Locale) => PageChunk[];
};

/** The routes whose lazy page takes no props: their row alone makes their page. */
type PlainLazyRouteId = {
  [Id in LazyRouteId]: (typeof routeLoaders)[Id] extends () => Promise<{ default: ComponentType }> ? Id : never;
}[LazyRouteId];

const ContactForm = lazyPage(pageLoaders.contactForm);
const B2BRequestForm = lazyPage(pageLoaders.b2bRequestForm);
const ClientLoginPage = lazyPage(pageLoaders.clientLogin);

/** Every route that is not a plain lazy page must be here (a type error otherwise). */
const SPECIAL_PAGES: Record<Exclude<RouteId, PlainLazyRouteId>, PageEntry> &
  Partial<Record<PlainLazyRouteId, PageEntry>> = {
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
  clientLogin: {
    element: <ClientLoginPage requestForm={(account) => <B2BRequestForm account={account} />} />,
    preload: () => ClientLoginPage.preload(),
  },
};

/** The lazy page of a route's own chunk, taking no props. */
function lazyRoutePage(id: LazyRouteId): PageEntry {
  // PlainLazyRouteId holds the routes whose loader resolves to a module whose default takes no props.
  const Page: PreloadablePage<object> = lazyPage(pageLoaders[id] as () => Promise<{ default: ComponentType }>);
  return { element: <Page />, preload: () => Page.preload() };
}

function isLazyRoute(id: RouteId): id is LazyRouteId {
  return ROUTES.some((route) => route.id === id && route.chunk);
}

/** The page of every route; a route with a chunk of its own names it for the boot script. */
export const PAGES = Object.fromEntries(
  ROUTES.map(({ id }) => {
    const page = SPECIAL_PAGES[id] ?? lazyRoutePage(id as LazyRouteId);
    const chunks = isLazyRoute(id) ? () => [id] : undefined;
    return [id, { chunks, ...page }];
  }),
) as Record<RouteId, PageEntry>;
