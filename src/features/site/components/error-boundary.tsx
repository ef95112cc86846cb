import { Component, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useI18n } from '@/i18n/i18n';

type Props = { children: ReactNode };

/**
 * Catches a page that fails to render or to load its code (a chunk missing
 * after a deploy, a dropped connection) and offers a reload, so the visitor
 * keeps the navigation instead of a blank screen. Keyed by path by its parent,
 * so moving to another page starts afresh.
 */
export class PageErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('A page failed to render:', error);
  }

  override render(): ReactNode {
    return this.state.failed ? <PageError /> : this.props.children;
  }
}

function PageError() {
  const { t } = useI18n();
  const text = t.site.error;
  return (
    <div
      role="alert"
      className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-20 text-center"
    >
      <h1 className="font-serif text-3xl font-bold text-brand-900">{text.heading}</h1>
      <p className="mt-4 text-lg text-ink-muted">{text.body}</p>
      <Button className="mt-8" onClick={() => window.location.reload()}>
        {text.retry}
      </Button>
    </div>
  );
}
