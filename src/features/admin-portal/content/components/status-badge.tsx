import { Badge } from '@/components/ui/badge';
import type { ContentStatus } from '@/features/admin-portal/content/api/content';

const LOOK: Record<ContentStatus, { label: string; variant: 'neutral' | 'success' | 'danger' | 'brand' }> = {
  draft: { label: 'Draft', variant: 'neutral' },
  scheduled: { label: 'Scheduled', variant: 'brand' },
  published: { label: 'Published', variant: 'success' },
  unpublished: { label: 'Unpublished', variant: 'danger' },
};

export const statusLabel = (status: string) => LOOK[status as ContentStatus]?.label ?? status;

export function StatusBadge({ status }: { status: string }) {
  const look = LOOK[status as ContentStatus] ?? LOOK.draft;
  return (
    <Badge variant={look.variant} data-testid="status-badge">
      {look.label}
    </Badge>
  );
}
