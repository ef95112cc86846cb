import { Card } from '@/components/ui/card';
import type { AdminSectionEntry } from './admin-sections';
import { AdminPage } from './admin-page';

/** A section of the table without a page yet (companies, content, …): says so. */
export function ComingSoonPage({ section }: { section: AdminSectionEntry }) {
  const { slug, label, description, icon: SectionIcon } = section;
  return (
    <AdminPage section={slug} title={label} description={description}>
      <Card className="flex flex-col items-center gap-3 px-6 py-16 text-center">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <SectionIcon className="h-7 w-7" />
        </span>
        <h2 className="text-xl font-semibold text-ink">Coming Soon</h2>
        <p className="max-w-md text-ink-muted">
          This part of the portal is being built. It will appear here when it is ready.
        </p>
      </Card>
    </AdminPage>
  );
}
