import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ChatWidget from '@/integrations/chat-widget/chat-widget';

// Fresh module per test: the hide requests and the loaded flag are page-lifetime state.
let widget: typeof ChatWidget;
let tawk: { hideWidget: ReturnType<typeof vi.fn<() => void>>; showWidget: ReturnType<typeof vi.fn<() => void>> };

/** What Tawk.to puts on the page: a container with the launcher iframe. */
function addTawkDom() {
  const container = document.createElement('div');
  container.className = 'widget-visible';
  const launcher = document.createElement('iframe');
  launcher.title = 'chat widget';
  container.append(launcher);
  document.body.append(container);
  return { container, launcher };
}

const display = (element: HTMLElement) => element.style.getPropertyValue('display');

beforeEach(async () => {
  vi.resetModules();
  widget = await import('@/integrations/chat-widget/chat-widget');
  tawk = { hideWidget: vi.fn<() => void>(), showWidget: vi.fn<() => void>() };
  window.Tawk_API = tawk;
});

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  delete window.Tawk_API;
  delete window.Tawk_LoadStart;
});

describe('requestHide', () => {
  it('hides the widget and launcher at once, re-hides every second, and restores on release', () => {
    vi.useFakeTimers();
    const { container, launcher } = addTawkDom();
    container.style.display = 'block';
    const release = widget.requestHide();
    expect(tawk.hideWidget).toHaveBeenCalledTimes(1);
    expect(display(container)).toBe('none');
    expect(display(launcher)).toBe('none');
    expect(container.style.getPropertyPriority('display')).toBe('important');

    // Tawk.to shows itself again, and a late launcher appears: the next tick hides both.
    container.style.setProperty('display', 'block');
    const late = addTawkDom();
    vi.advanceTimersByTime(999);
    expect(display(late.container)).toBe('');
    vi.advanceTimersByTime(1);
    expect(tawk.hideWidget).toHaveBeenCalledTimes(2);
    expect(display(container)).toBe('none');
    expect(display(late.launcher)).toBe('none');
    vi.advanceTimersByTime(3_000);
    expect(tawk.hideWidget).toHaveBeenCalledTimes(5);

    release();
    expect(tawk.showWidget).toHaveBeenCalledTimes(1);
    // The inline display Tawk.to had before is put back; elements we hid without one get none.
    expect(display(container)).toBe('block');
    expect(display(launcher)).toBe('');
    expect(display(late.container)).toBe('');
    // The interval is gone: nothing is hidden any more.
    vi.advanceTimersByTime(5_000);
    expect(tawk.hideWidget).toHaveBeenCalledTimes(5);
    expect(display(late.launcher)).toBe('');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps the widget hidden until every requester has released, and ignores a double release', () => {
    vi.useFakeTimers();
    const { container } = addTawkDom();
    const first = widget.requestHide();
    const second = widget.requestHide();
    first();
    first();
    expect(widget.isChatWidgetHidden()).toBe(true);
    vi.advanceTimersByTime(1_000);
    expect(display(container)).toBe('none');
    expect(tawk.showWidget).not.toHaveBeenCalled();
    second();
    expect(widget.isChatWidgetHidden()).toBe(false);
    expect(tawk.showWidget).toHaveBeenCalledTimes(1);
    expect(display(container)).toBe('');
  });

  it('survives a Tawk_API that throws before it is ready', () => {
    vi.useFakeTimers();
    tawk.hideWidget.mockImplementation(() => {
      throw new TypeError('not ready');
    });
    const { launcher } = addTawkDom();
    const release = widget.requestHide();
    expect(display(launcher)).toBe('none');
    release();
  });
});

describe('useHideChatWidget', () => {
  it('hides while mounted and restores on unmount', async () => {
    const { useHideChatWidget } = await import('@/integrations/chat-widget/use-hide-chat-widget');
    const { container } = addTawkDom();
    const { unmount } = renderHook(() => useHideChatWidget());
    await vi.waitFor(() => expect(display(container)).toBe('none'));
    expect(widget.isChatWidgetHidden()).toBe(true);
    unmount();
    expect(display(container)).toBe('');
    expect(tawk.showWidget).toHaveBeenCalledTimes(1);
  });

  it('follows its `active` argument', async () => {
    const { useHideChatWidget } = await import('@/integrations/chat-widget/use-hide-chat-widget');
    const { container } = addTawkDom();
    const { rerender, unmount } = renderHook(({ active }) => useHideChatWidget(active), {
      initialProps: { active: false },
    });
    await act(async () => {});
    expect(widget.isChatWidgetHidden()).toBe(false);
    rerender({ active: true });
    await vi.waitFor(() => expect(display(container)).toBe('none'));
    rerender({ active: false });
    expect(display(container)).toBe('');
    unmount();
  });

  it('does not hide if unmounted before the module arrived', async () => {
    const { useHideChatWidget } = await import('@/integrations/chat-widget/use-hide-chat-widget');
    const { unmount } = renderHook(() => useHideChatWidget());
    unmount();
    await act(async () => {});
    expect(widget.isChatWidgetHidden()).toBe(false);
  });
});

describe('loadChatWidget', () => {
  it('adds the Tawk.to embed for the configured property once', () => {
    widget.loadChatWidget('prop123', 'default');
    widget.loadChatWidget('prop123', 'default');
    const scripts = document.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe('https://embed.tawk.to/prop123/default');
    expect(scripts[0]?.async).toBe(true);
    expect(window.Tawk_API).toBe(tawk);
    expect(window.Tawk_LoadStart).toBeInstanceOf(Date);
  });

  it('loads nothing without both ids', () => {
    widget.loadChatWidget('', 'default');
    widget.loadChatWidget('prop123', '');
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
  });

  it('hides the widget the moment it loads when a hide is in force', () => {
    const previousOnLoad = vi.fn();
    tawk = Object.assign(tawk, { onLoad: previousOnLoad });
    widget.loadChatWidget('prop123', 'default');
    const release = widget.requestHide();
    tawk.hideWidget.mockClear();
    window.Tawk_API?.onLoad?.();
    expect(previousOnLoad).toHaveBeenCalled();
    expect(tawk.hideWidget).toHaveBeenCalledTimes(1);
    release();
  });
});
