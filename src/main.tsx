import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from '@/app/app';
import { createQueryClient } from '@/app/query-client';
import { preloadFor } from '@/app/routes';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const queryClient = createQueryClient();
// A prerendered page (issue 6) carries its HTML; hydrate it with the same
// default flags it was rendered with, then let the real flags adjust it.
const prerendered = container.hasAttribute('data-prerendered');

function tree(mode: 'defaults' | 'skeleton') {
  return (
    <StrictMode>
      <BrowserRouter>
        <App queryClient={queryClient} flagsLoadingMode={mode} />
      </BrowserRouter>
    </StrictMode>
  );
}

if (prerendered) {
  void Promise.all(preloadFor(window.location.pathname)).then(() => {
    hydrateRoot(container, tree('defaults'));
  });
} else {
  createRoot(container).render(tree('skeleton'));
}
