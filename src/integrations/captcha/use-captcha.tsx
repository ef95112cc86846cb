import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { env } from '@/config/env';
import type { CaptchaWidget } from './captcha';

function captchaEnabled(): boolean {
  return env.captcha.siteKey !== '' && env.captcha.scriptUrl !== '';
}

/**
 * The widget's code loads with its script, on approach: a page with a form
 * carries only this hook. A failed load fails the token, and the next
 * attempt mounts afresh.
 */
function mountCaptcha(container: HTMLElement, language: string): CaptchaWidget {
  const widget = import('./captcha').then((module) => module.mountCaptcha(container, language));
  const quietly = (act: (loaded: CaptchaWidget) => void) => {
    widget.then(act, () => undefined);
  };
  return {
    token: () => widget.then((loaded) => loaded.token()),
    spent: () => quietly((loaded) => loaded.spent()),
    remove: () => quietly((loaded) => loaded.remove()),
  };
}

export type Captcha = {
  /** Where the widget draws itself (nothing while no challenge needs the visitor). */
  slot: ReactNode;
  /** Spread on the form: the widget's script loads when the visitor approaches it. */
  approachHandlers: {
    onFocus: () => void;
    onKeyDown: () => void;
    onPointerDown: () => void;
    onPointerEnter: () => void;
  };
  /** The token for the next request (undefined without a CAPTCHA); throws when none can be had. */
  token: () => Promise<string | undefined>;
  /** The token went out with a request: the next one needs a new token. */
  spent: () => void;
};

/**
 * The CAPTCHA of one form (docs/decisions/185-captcha-before-auth-mails.md),
 * loaded on approach like the auth client itself
 * (docs/decisions/140-sign-in-pages-load-the-auth-client-on-first-touch.md);
 * `alsoOnApproach` runs with it (the form's own loading on first touch).
 */
export function useCaptcha(language: string, alsoOnApproach?: () => void): Captcha {
  const enabled = captchaEnabled();
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<CaptchaWidget | null>(null);

  const prepare = useCallback(() => {
    if (!enabled || widget.current || !container.current) return widget.current;
    widget.current = mountCaptcha(container.current, language);
    return widget.current;
  }, [enabled, language]);

  useEffect(
    () => () => {
      widget.current?.remove();
      widget.current = null;
    },
    [],
  );

  const token = useCallback(async () => {
    if (!enabled) return undefined;
    const current = prepare();
    if (!current) throw new Error('The CAPTCHA has no place in the page');
    try {
      return await current.token();
    } catch (error) {
      // The next attempt starts afresh (the script may load this time).
      current.remove();
      if (widget.current === current) widget.current = null;
      if (container.current) container.current.textContent = '';
      throw error;
    }
  }, [enabled, prepare]);

  const spent = useCallback(() => widget.current?.spent(), []);

  return useMemo(() => {
    const approach = () => {
      alsoOnApproach?.();
      prepare();
    };
    return {
      slot: enabled ? <div ref={container} data-captcha="" /> : null,
      approachHandlers: { onFocus: approach, onKeyDown: approach, onPointerDown: approach, onPointerEnter: approach },
      token,
      spent,
    };
  }, [enabled, prepare, token, spent, alsoOnApproach]);
}
