import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { env } from '@/config/env';
import type * as LoadScript from '@/integrations/hubspot/load-script';
import { readHutk, type HubspotSubmissionError } from '@/integrations/hubspot/submit-form';
import type * as SubmitForm from '@/integrations/hubspot/submit-form';

// Fresh modules per test: the script cache is module state, as in a page load.
let loadScriptOnce: typeof LoadScript.loadScriptOnce;
let submitHubspotForm: typeof SubmitForm.submitHubspotForm;
let SubmissionError: typeof SubmitForm.HubspotSubmissionError;

beforeEach(async () => {
  vi.resetModules();
  ({ loadScriptOnce } = await import('@/integrations/hubspot/load-script'));
  ({ submitHubspotForm, HubspotSubmissionError: SubmissionError } = await import('@/integrations/hubspot/submit-form'));
});

/** Answers every script the code adds to <head> the way a browser would. */
function answerScripts(outcome: (src: string) => 'load' | 'error' | 'hang') {
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node instanceof HTMLScriptElement) {
          const result = outcome(node.src);
          if (result !== 'hang') node.dispatchEvent(new Event(result));
        }
      }
    }
  });
  observer.observe(document.head, { childList: true });
  return observer;
}

const scripts = (src: string) => [...document.head.querySelectorAll('script')].filter((s) => s.src === src);

let observer: MutationObserver | undefined;
afterEach(() => {
  observer?.disconnect();
  observer = undefined;
  document.head.innerHTML = '';
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('readHutk', () => {
  it('finds the hubspotutk cookie among others and decodes it', () => {
    expect(readHutk('a=1; hubspotutk=abc%20def; b=2')).toBe('abc def');
    expect(readHutk('hubspotutk=abc')).toBe('abc');
  });
  it('ignores look-alike names and empty values', () => {
    expect(readHutk('xhubspotutk=abc; hubspotutk2=def')).toBeUndefined();
    expect(readHutk('hubspotutk=')).toBeUndefined();
    expect(readHutk('')).toBeUndefined();
  });
});

describe('loadScriptOnce', () => {
  it('adds the script once however often it is asked for', async () => {
    observer = answerScripts(() => 'load');
    const src = 'https://js.example.com/once.js';
    await Promise.all([loadScriptOnce(src), loadScriptOnce(src)]);
    await loadScriptOnce(src);
    expect(scripts(src)).toHaveLength(1);
    expect(scripts(src)[0]?.async).toBe(true);
  });

  it('rejects on a load error, removes the failed element, and tries the network again next time', async () => {
    let fail = true;
    observer = answerScripts(() => (fail ? 'error' : 'load'));
    const src = 'https://js.example.com/flaky.js';
    await expect(loadScriptOnce(src)).rejects.toThrow(/failed to load/);
    expect(scripts(src)).toHaveLength(0);
    fail = false;
    await expect(loadScriptOnce(src)).resolves.toBeUndefined();
    expect(scripts(src)).toHaveLength(1);
  });
});

const submission = (fields: { name: string; value: string }[] = []) => ({
  fields,
  context: { pageUri: 'http://localhost/', pageName: 'Test page' },
});

describe('submitHubspotForm', () => {
  beforeEach(() => {
    document.title = 'Test page';
  });

  it('rejects with reason "script" and never posts when the provider script fails', async () => {
    observer = answerScripts(() => 'error');
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const error = await submitHubspotForm('form-1', submission()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SubmissionError);
    expect((error as HubspotSubmissionError).reason).toBe('script');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('counts a script that never loads against the 15 s deadline', async () => {
    vi.useFakeTimers();
    observer = answerScripts(() => 'hang');
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const result = submitHubspotForm('form-2', submission()).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(15_000);
    const error = await result;
    expect((error as HubspotSubmissionError).reason).toBe('timeout');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['status', () => Promise.resolve(new Response('', { status: 400 }))],
    ['network', () => Promise.reject(new TypeError('Failed to fetch'))],
  ] as const)('rejects with reason "%s"', async (reason, answer) => {
    observer = answerScripts(() => 'load');
    vi.stubGlobal('fetch', vi.fn(answer));
    const error = await submitHubspotForm('form-3', submission()).catch((e: unknown) => e);
    expect((error as HubspotSubmissionError).reason).toBe(reason);
  });

  it('resolves on a 2xx answer without reading the body', async () => {
    observer = answerScripts(() => 'load');
    const response = new Response('not json', { status: 200 });
    const json = vi.spyOn(response, 'json');
    const fetchMock = vi.fn(() => Promise.resolve(response));
    vi.stubGlobal('fetch', fetchMock);
    await expect(
      submitHubspotForm('form 4', submission([{ name: 'email', value: 'a@b.co' }])),
    ).resolves.toBeUndefined();
    expect(json).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledWith(
      `${env.hubspot.formsApi}/submissions/v3/integration/submit/${env.hubspot.portalId}/form%204`,
      expect.objectContaining({ method: 'POST' }),
    );
  });
});
