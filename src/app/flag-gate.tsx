import { Outlet } from 'react-router';
import { NotFoundPage } from '@/features/site/components/not-found-page';
import { PageSkeleton } from '@/features/site/components/page-skeleton';
import type { FlagName } from '@/lib/flags/defaults';
import { useFlags } from '@/lib/flags/use-flags';

/** Routes that exist only while their flag is on (docs/decisions/003-every-flag-has-a-visible-effect.md): off, the path is a 404. */
export function FlagGate({ flag }: { flag: FlagName }) {
  // A prerendered page hydrates with the default flags (showSkeleton is false
  // then), so a route that is on by default renders its page, not a skeleton.
  const { flags, showSkeleton } = useFlags();
  if (showSkeleton) return <PageSkeleton />;
  return flags[flag] ? <Outlet /> : <NotFoundPage />;
}
