/**
 * The Tawk.to chat widget (docs/decisions/011-chat-widget-is-tawk-to.md):
 * loading its embed, and hiding the widget and its launcher while any caller
 * asks (the admin portal, where staff never see it).
 * Tawk.to builds its DOM late and sometimes re-shows itself, so while hidden
 * we re-apply the hiding every second.
 */

type TawkApi = {
  hideWidget?: () => void;
  showWidget?: () => void;
  onLoad?: () => void;
  [key: string]: unknown;
};

declare global {
  interface Window {
    Tawk_API?: TawkApi;
    Tawk_LoadStart?: Date;
  }
}

export const HIDE_INTERVAL_MS = 1_000;

/** What Tawk.to adds to the page: its container and its iframes (launcher, chat, preview). */
export const WIDGET_SELECTOR = ['.widget-visible', 'iframe[title="chat widget"]', 'iframe[src*="tawk.to"]'].join(',');

const HIDDEN_MARK = 'data-chat-widget-hidden';

export function embedUrl(propertyId: string, widgetId: string): string {
  return `https://embed.tawk.to/${encodeURIComponent(propertyId)}/${encodeURIComponent(widgetId)}`;
}

let embedRequested = false;

/** Inserts Tawk.to's embed once; nothing happens on a second call. */
export function loadChatWidget(propertyId: string, widgetId: string): void {
  if (embedRequested || !propertyId || !widgetId) return;
  embedRequested = true;
  const api: TawkApi = window.Tawk_API ?? {};
  window.Tawk_API = api;
  window.Tawk_LoadStart = new Date();
  const previousOnLoad = api.onLoad;
  api.onLoad = () => {
    previousOnLoad?.();
    // Loaded while a hide was in force: do not flash until the next tick.
    if (hideRequests > 0) applyHidden();
  };
  const script = document.createElement('script');
  script.async = true;
  script.src = embedUrl(propertyId, widgetId);
  script.charset = 'UTF-8';
  script.setAttribute('crossorigin', '*');
  script.addEventListener('error', () => {
    console.warn('The chat widget could not be loaded.');
  });
  document.head.append(script);
}

function applyHidden(): void {
  try {
    window.Tawk_API?.hideWidget?.();
  } catch {
    // Tawk_API throws if called before it is ready; the DOM rule below still applies.
  }
  for (const element of document.querySelectorAll<HTMLElement>(WIDGET_SELECTOR)) {
    if (!element.hasAttribute(HIDDEN_MARK)) {
      element.setAttribute(HIDDEN_MARK, element.style.getPropertyValue('display'));
    }
    element.style.setProperty('display', 'none', 'important');
  }
}

function restore(): void {
  for (const element of document.querySelectorAll<HTMLElement>(`[${HIDDEN_MARK}]`)) {
    const previous = element.getAttribute(HIDDEN_MARK) ?? '';
    element.removeAttribute(HIDDEN_MARK);
    if (previous) element.style.setProperty('display', previous);
    else element.style.removeProperty('display');
  }
  try {
    window.Tawk_API?.showWidget?.();
  } catch {
    // Not ready yet: it will show itself once loaded.
  }
}

let hideRequests = 0;
let interval: ReturnType<typeof setInterval> | undefined;

/**
 * Hides the widget until the returned function is called. Requests nest: the
 * widget comes back only when every requester has released.
 */
export function requestHide(): () => void {
  hideRequests += 1;
  if (hideRequests === 1) {
    applyHidden();
    interval = setInterval(applyHidden, HIDE_INTERVAL_MS);
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    hideRequests -= 1;
    if (hideRequests === 0) {
      clearInterval(interval);
      interval = undefined;
      restore();
    }
  };
}

export function isChatWidgetHidden(): boolean {
  return hideRequests > 0;
}
