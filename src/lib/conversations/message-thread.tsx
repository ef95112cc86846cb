import { cn } from '@/components/ui/cn';
import type { ConversationMessage } from './api';
import { MessageBody } from './message-body';

/** A date and time as the page's language writes it (en-CA or fr-CA). */
export function formatWhen(iso: string, tag: 'en-CA' | 'fr-CA'): string {
  return new Date(iso).toLocaleString(tag, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * A conversation's messages, oldest first so the newest is at the bottom,
 * each with who wrote it and when. `ownSide` puts the reader's own side's
 * messages to the right.
 */
export function MessageThread({
  messages,
  ownSide,
  tag,
  label,
  staffTag,
}: {
  messages: ConversationMessage[];
  ownSide: 'client' | 'staff';
  tag: 'en-CA' | 'fr-CA';
  /** The list's accessible name. */
  label: string;
  /** A word after a staff author's name ("Account team"), so the client sees who is staff. */
  staffTag?: string;
}) {
  return (
    <ol aria-label={label} className="space-y-4">
      {messages.map((message) => {
        const own = message.from_staff === (ownSide === 'staff');
        return (
          <li key={message.id} data-testid="message" className={cn('flex', own ? 'justify-end' : 'justify-start')}>
            <article
              className={cn(
                'w-full max-w-[42rem] rounded-lg border px-4 py-3 sm:w-auto sm:min-w-[16rem]',
                own ? 'border-brand-200 bg-brand-50' : 'border-sand-200 bg-white',
              )}
            >
              <header className="mb-1 flex flex-wrap items-baseline gap-x-2 gap-y-0.5 text-sm">
                <span className="font-semibold text-ink">{message.author_name}</span>
                {message.from_staff && staffTag ? <span className="text-ink-muted">· {staffTag}</span> : null}
                <time dateTime={message.created_at} className="text-ink-muted">
                  {formatWhen(message.created_at, tag)}
                </time>
              </header>
              <MessageBody body={message.body} className="text-ink" />
            </article>
          </li>
        );
      })}
    </ol>
  );
}
