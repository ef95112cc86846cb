import { Card } from '@/components/ui/card';
import type { AdminSection } from '@/config/paths';
import { adminNav } from '../sidebar-nav';
import { AdminPage } from './admin-page';
import { Icon } from './icons';

/** Users, Companies, Content, Analytics, Settings and Notifications: not built yet, so they say so. */
export function ComingSoonPage({ section }: { section: AdminSection }) {
  const item = adminNav.find((entry) => entry.id === section);
  const title = item?.label ?? section;
  return (
    <AdminPage section={section} title={title} description={item?.description ?? ''}>
      <Card className="flex flex-col items-center gap-3 px-6 py-16 text-center">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Icon name={section} className="h-7 w-7" />
        </span>
        <h2 className="text-xl font-semibold text-ink">Coming Soon</h2>
        <p className="max-w-md text-ink-muted">
          This part of the portal is being built. It will appear here when it is ready.
        </p>
      </Card>
    </AdminPage>
  );
}
