/**
 * What the order desk says when the database refuses a transition
 * (docs/decisions/203-order-desk-concurrency.md). Every action sends the
 * version of the order the page showed; 'order_changed' means someone else
 * acted first, 'invalid_transition' that the order cannot move that way.
 */
export type ActionRefusal = 'order_changed' | 'invalid_transition' | 'other';

export const ORDER_CHANGED_MESSAGE = 'Someone else updated this order — reload to see it.';

export function actionRefusal(error: unknown): ActionRefusal {
  if (!error || typeof error !== 'object') return 'other';
  const { message, details, hint, code } = error as Record<string, unknown>;
  const text = [message, details, hint, code].filter((part) => typeof part === 'string').join(' ');
  if (/\border_changed\b/.test(text)) return 'order_changed';
  if (/\binvalid_transition\b/.test(text)) return 'invalid_transition';
  return 'other';
}

/** The sentence shown for a refused action. */
export function explainRefusal(error: unknown, action: string): string {
  switch (actionRefusal(error)) {
    case 'order_changed':
      return ORDER_CHANGED_MESSAGE;
    case 'invalid_transition':
      return `This order can no longer be ${action}: its status has moved on. Orders go submitted → confirmed → shipped → delivered, and can be cancelled only while submitted or confirmed.`;
    default: {
      // The database's refusals carry an English sentence in their hint ('lines_empty', 'date_too_early', …).
      const hint = (error as { hint?: unknown } | null)?.hint;
      const reason =
        typeof hint === 'string' && hint.includes(' ') ? hint : error instanceof Error ? error.message : null;
      return `The order could not be ${action}: ${reason ?? 'the server refused.'}`;
    }
  }
}
