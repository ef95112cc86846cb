import { NotFoundView } from '@/components/not-found-view';

/** Every unknown path, and every flag-gated route while its flag is off (D3, D6). */
export function NotFoundPage() {
  return <NotFoundView />;
}
