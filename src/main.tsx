import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from '@/app/app';
import { createQueryClient } from '@/app/query-client';
import { preloadFor } from '@/app/routes';
import { loadMessages } from '@/i18n/i18n';
import { localeFromPath } from '@/i18n/locales';
import { PAGE_CONTENT_ID, type PageContent } from '@/lib/content/site-content';
import { installHistoryGuard } from '@/lib/navigation/history-guard';
import { decodePublishedFlags } from '@/lib/flags/published';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// The full stylesheet, from the moment the application runs. Prerendered
// pages inline what their markup uses (scripts/build.ts), so hydration does
// not wait for it; a page rendered here does.
const stylesheet = import('@/app/stylesheet').catch((error: unknown) => {
  console.error('The stylesheet could not be loaded:', error);
});

// Before the router exists, so a page with unsaved work hears of Back and Forward first.
installHistoryGuard();

const queryClient = createQueryClient();
// The page's own catalog, requested at once alongside the application (docs/decisions/102-one-catalog-per-page.md).
const messages = loadMessages(localeFromPath(window.location.pathname));
// A prerendered page (docs/decisions/025-prerender-then-hydrate.md) carries its HTML and the flags it was
// rendered with (docs/decisions/016-published-html-follows-live-flags.md); hydrate it with those flags, then
// let the live flags adjust it.
// The attribute names the markup's language: a host that serves the English
// 404 page under /fr gets a client render instead of a mismatched hydration.
const prerendered = container.dataset.prerendered === localeFromPath(window.location.pathname);
const publishedFlags = prerendered ? decodePublishedFlags(container.dataset.flags) : null;
// A list or article page carries the published content it was rendered with
// (docs/decisions/165-published-content-on-the-site.md): hydrate with exactly that.
const pageContent = prerendered ? readPageContent() : null;

function readPageContent(): PageContent | null {
  const text = document.getElementById(PAGE_CONTENT_ID)?.textContent;
  if (!text) return null;
  try {
    const content = JSON.parse(text) as PageContent;
    // An article's body is not repeated in the JSON: it is the markup the page already holds.
    if (content.page === 'article' && !content.article.bodyHtml) {
      content.article.bodyHtml = container?.querySelector('.article-body')?.innerHTML ?? '';
    }
    return content;
  } catch {
    return null;
  }
}

function tree(mode: 'defaults' | 'skeleton') {
  return (
    <StrictMode>
      <BrowserRouter>
        <App
          queryClient={queryClient}
          flagsLoadingMode={mode}
          publishedFlags={mode === 'defaults' ? publishedFlags : null}
          pageContent={mode === 'defaults' ? pageContent : null}
        />
      </BrowserRouter>
    </StrictMode>
  );
}

if (prerendered) {
  void Promise.all([...preloadFor(window.location.pathname), messages]).then(() => {
    // As a transition, hydration yields to the browser every few milliseconds
    // instead of blocking the main thread for the whole page (Total Blocking Time).
    startTransition(() => {
      hydrateRoot(container, tree('defaults'));
    });
  });
} else {
  void stylesheet.then(() => {
    createRoot(container).render(tree('skeleton'));
  });
}
