/**
 * Cloudflare Turnstile, the CAPTCHA Auth checks before it creates an account,
 * mails a link or checks a password (docs/decisions/185-captcha-before-auth-mails.md).
 * The script loads only when a visitor approaches a form that needs it
 * (`prepare`), never with the page; without a site key there is no widget
 * and forms send no token (the backend then must not ask for one).
 *
 * A token answers one request: after each use the widget is reset for the
 * next one.
 */
import { env } from '@/config/env';

type TurnstileParams = {
  sitekey: string;
  callback: (token: string) => void;
  'error-callback': (code: string) => void;
  'expired-callback': () => void;
  language?: string;
  appearance?: 'always' | 'execute' | 'interaction-only';
  size?: 'normal' | 'compact' | 'flexible';
};

type TurnstileApi = {
  render: (container: HTMLElement, params: TurnstileParams) => string;
  reset: (widgetId: string) => void;
  remove: (widgetId: string) => void;
};

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

/** The widget could not give a token (script not loaded, challenge failed). */
export class CaptchaUnavailableError extends Error {}

let loading: Promise<TurnstileApi> | null = null;

function loadScript(): Promise<TurnstileApi> {
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    if (window.turnstile) {
      resolve(window.turnstile);
      return;
    }
    const script = document.createElement('script');
    const url = new URL(env.captcha.scriptUrl);
    // Rendered by us into the form, not by scanning the page.
    url.searchParams.set('render', 'explicit');
    script.src = url.href;
    script.async = true;
    script.onload = () => {
      if (window.turnstile) resolve(window.turnstile);
      else reject(new CaptchaUnavailableError('The CAPTCHA script loaded without its API'));
    };
    script.onerror = () => {
      // A later approach tries again (the network may be back).
      loading = null;
      script.remove();
      reject(new CaptchaUnavailableError('The CAPTCHA script could not load'));
    };
    document.head.append(script);
  });
  return loading;
}

type Waiter = { resolve: (token: string) => void; reject: (error: Error) => void };

export type CaptchaWidget = {
  /** The token for the next request: waits for the widget (and the visitor, when it asks them something). */
  token: () => Promise<string>;
  /** The token was sent: the next request needs a new one. */
  spent: () => void;
  remove: () => void;
};

/** Renders the widget into `container` once the script has loaded (started now). */
export function mountCaptcha(container: HTMLElement, language: string): CaptchaWidget {
  let widgetId: string | null = null;
  let api: TurnstileApi | null = null;
  let current: string | null = null;
  let failure: Error | null = null;
  let removed = false;
  const waiters: Waiter[] = [];

  const settle = () => {
    for (const waiter of waiters.splice(0)) {
      if (current) waiter.resolve(current);
      else if (failure) waiter.reject(failure);
    }
  };

  const ready = loadScript().then(
    (turnstile) => {
      if (removed) return;
      api = turnstile;
      widgetId = turnstile.render(container, {
        sitekey: env.captcha.siteKey,
        language,
        appearance: 'interaction-only',
        size: 'flexible',
        callback: (token) => {
          current = token;
          failure = null;
          settle();
        },
        'error-callback': () => {
          current = null;
          failure = new CaptchaUnavailableError('The CAPTCHA challenge failed');
          settle();
        },
        'expired-callback': () => {
          current = null;
        },
      });
    },
    (error: unknown) => {
      failure = error instanceof Error ? error : new CaptchaUnavailableError(String(error));
      settle();
    },
  );

  return {
    token: async () => {
      await ready;
      if (current) return current;
      if (failure) {
        // A failed challenge is tried again for this request.
        const error = failure;
        failure = null;
        if (api && widgetId) api.reset(widgetId);
        else throw error;
      }
      return new Promise<string>((resolve, reject) => waiters.push({ resolve, reject }));
    },
    spent: () => {
      current = null;
      if (api && widgetId) api.reset(widgetId);
    },
    remove: () => {
      removed = true;
      if (api && widgetId) api.remove(widgetId);
    },
  };
}
