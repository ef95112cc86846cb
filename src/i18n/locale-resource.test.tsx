import { startTransition, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localeResource } from './locale-resource';

// These tests drive React's own scheduler, as the browser does, instead of
// flushing everything inside `act`: the bug they guard against only shows
// when React replays a component whose content arrived while it waited.
const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;

afterEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  document.body.innerHTML = '';
});

async function renderUntil(element: React.ReactElement, text: string) {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  const container = document.createElement('div');
  document.body.append(container);
  const onRecoverableError = vi.fn();
  const root = createRoot(container, { onRecoverableError });
  startTransition(() => root.render(element));
  await vi.waitFor(() => expect(container.textContent).toBe(text));
  root.unmount();
  return onRecoverableError;
}

describe('localeResource', () => {
  it('the language provider mounts while its catalog arrives without an error React must recover from', async () => {
    // A fresh copy of the module, whose catalogs nothing has loaded yet.
    vi.resetModules();
    const { I18nProvider, useI18n } = await import('./i18n');
    function Title() {
      const { t, tag } = useI18n();
      return <>{`${tag}: ${t.common.notFound.heading}`}</>;
    }
    // The catalog arrives while the first render waits on it, so React
    // replays the provider instead of showing the fallback.
    const recovered = await renderUntil(
      <Suspense fallback="…">
        <I18nProvider locale="fr">
          <Title />
        </I18nProvider>
      </Suspense>,
      'fr-CA: Oups ! Page introuvable',
    );
    expect(recovered).not.toHaveBeenCalled();
  });

  it('content loaded before rendering is read without suspending', async () => {
    const resource = localeResource({ en: () => Promise.resolve('ready'), fr: () => Promise.resolve('prêt') });
    await resource.load('fr');
    function Read() {
      return <p>{resource.useContent('fr')}</p>;
    }
    // No Suspense boundary: a suspension here would be an error.
    const recovered = await renderUntil(<Read />, 'prêt');
    expect(recovered).not.toHaveBeenCalled();
  });

  it('a failed load is tried again', async () => {
    let calls = 0;
    const resource = localeResource({
      en: () => (++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve('back')),
      fr: () => Promise.resolve('retour'),
    });
    await expect(resource.load('en')).rejects.toThrow('offline');
    await expect(resource.load('en')).resolves.toBe('back');
    expect(calls).toBe(2);
  });
});
