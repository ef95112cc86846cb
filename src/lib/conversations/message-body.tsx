import { linkify } from './linkify';

/**
 * A message as its author wrote it: plain text with line breaks, its http(s)
 * addresses as links that open in a new tab without handing it the page.
 * Never HTML: React escapes every segment.
 */
export function MessageBody({ body, className }: { body: string; className?: string }) {
  return (
    <p className={['whitespace-pre-wrap break-words [overflow-wrap:anywhere]', className].filter(Boolean).join(' ')}>
      {linkify(body).map((segment, index) =>
        segment.kind === 'link' ? (
          <a
            key={index}
            href={segment.href}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            {segment.text}
          </a>
        ) : (
          segment.text
        ),
      )}
    </p>
  );
}
