/** Loading, failure and refresh states of the staff flag screens. */
import type { ReactNode } from 'react';
import { RefreshIcon } from '@/components/icons/refresh';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';

export function RefreshButton({
  onClick,
  refreshing,
  label = 'Refresh',
}: {
  onClick: () => void;
  refreshing: boolean;
  label?: string;
}) {
  return (
    <Button
      variant="secondary"
      size="sm"
      className="shrink-0 whitespace-nowrap"
      onClick={onClick}
      disabled={refreshing}
    >
      <RefreshIcon className={cn('h-4 w-4', refreshing && 'animate-spin motion-reduce:animate-none')} />
      {refreshing ? 'Refreshing…' : label}
    </Button>
  );
}

export function LoadingRows({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className="space-y-3">
      <span className="sr-only">{label}</span>
      {[0, 1, 2, 3].map((i) => (
        <div
          key={i}
          aria-hidden="true"
          className="h-16 animate-pulse rounded-lg bg-sand-100 motion-reduce:animate-none"
        />
      ))}
    </div>
  );
}

export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="rounded-md border border-danger/30 bg-danger-bg px-4 py-3 text-sm font-medium text-danger"
    >
      {children}
    </p>
  );
}
