import { useEffect } from 'react';

/**
 * Hides the chat widget and its launcher while the calling component is
 * mounted (and `active`); they come back when it unmounts. The admin portal
 * calls it; nothing else needs to know how the widget is hidden. The widget
 * module is imported on demand so callers do not carry it in their bundle.
 */
export function useHideChatWidget(active = true): void {
  useEffect(() => {
    if (!active) return;
    let release: (() => void) | undefined;
    let cancelled = false;
    import('./chat-widget')
      .then((widget) => {
        if (!cancelled) release = widget.requestHide();
      })
      .catch((error: unknown) => console.warn('The chat widget could not be hidden.', error));
    return () => {
      cancelled = true;
      release?.();
    };
  }, [active]);
}
