import { Badge } from '@/components/ui/badge';
import type { Lead } from './leads-api';
import { OUTCOME_LABEL } from './lead-labels';

const format = (iso: string) => new Date(iso).toLocaleString('en-CA', { dateStyle: 'medium', timeStyle: 'short' });

/** A date and time as staff read it, machine-readable too. */
export function When({ iso }: { iso: string }) {
  return <time dateTime={iso}>{format(iso)}</time>;
}

const outcomeVariant = { sent: 'success', failed: 'danger', rejected: 'danger' } as const;

export function OutcomeBadge({ lead }: { lead: Pick<Lead, 'hubspot_status'> }) {
  const variant = outcomeVariant[lead.hubspot_status as keyof typeof outcomeVariant] ?? 'neutral';
  return <Badge variant={variant}>{OUTCOME_LABEL[lead.hubspot_status] ?? lead.hubspot_status}</Badge>;
}
