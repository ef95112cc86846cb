import { NotFoundView } from '@/components/not-found-view';

/** Every unknown path, and every flag-gated route while its flag is off (docs/decisions/003-every-flag-has-a-visible-effect.md, 006-french-404.md). */
export function NotFoundPage() {
  return <NotFoundView />;
}
