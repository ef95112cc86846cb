import { useEffect, useId, useRef, useState } from 'react';
import { ShareIcon } from '@/components/icons/share';
import { Button } from '@/components/ui/button';
import { useI18n } from '@/i18n/i18n';

/** How long the "copied" confirmation stays. */
export const COPIED_MESSAGE_MS = 4000;

type Status = 'idle' | 'copied' | 'manual';

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Shares the article through the Web Share API where the browser has it;
 * otherwise copies the link and says so. If copying is refused too, the link
 * is shown in a field to copy by hand.
 */
export function ShareButton({ title, url }: { title: string; url: () => string }) {
  const { t } = useI18n();
  const text = t.insights.article;
  const [status, setStatus] = useState<Status>('idle');
  const [link, setLink] = useState('');
  const fieldId = useId();
  const fieldRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (status === 'copied') {
      const timer = window.setTimeout(() => setStatus('idle'), COPIED_MESSAGE_MS);
      return () => window.clearTimeout(timer);
    }
    if (status === 'manual') fieldRef.current?.select();
    return undefined;
  }, [status]);

  async function share() {
    const href = url();
    setLink(href);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url: href });
        return;
      } catch (error) {
        // The visitor closed the share sheet: nothing more to do.
        if (isAbort(error)) return;
      }
    }
    try {
      await navigator.clipboard.writeText(href);
      setStatus('copied');
    } catch {
      setStatus('manual');
    }
  }

  return (
    <div className="flex flex-col items-start gap-2">
      <Button variant="secondary" size="sm" onClick={() => void share()}>
        <ShareIcon size={18} />
        {text.share}
      </Button>
      <p role="status" className="text-sm font-semibold text-success">
        {status === 'copied' ? text.copied : ''}
      </p>
      {status === 'manual' ? (
        <div className="w-full max-w-md">
          <label htmlFor={fieldId} className="text-sm text-ink-muted">
            {text.copyManually}
          </label>
          <input
            ref={fieldRef}
            id={fieldId}
            readOnly
            value={link}
            onFocus={(event) => event.currentTarget.select()}
            className="mt-1 block w-full rounded-md border border-ink-muted/40 bg-white px-3 py-2 text-sm"
          />
        </div>
      ) : null}
    </div>
  );
}
