/**
 * The admin portal's sections, one row each (docs/decisions/042-admin-sections-table.md).
 * The sidebar, the portal's routes, the header's breadcrumb, the dashboard's
 * quick actions and the `AdminSection` type of `paths.adminPortal` all come
 * from this table, so a new page is a row here plus its component.
 *
 * It lives in the admin feature, never in `src/config`, so public pages never
 * download it. It is plain data: each section's page loader lives in the
 * portal's router (admin-portal-routes.tsx, beside it), so no page imports
 * lead back here in a circle.
 */
import type { AdminSection } from '@/config/paths';
import { BarChartIcon } from '@/components/icons/bar-chart';
import { BellIcon } from '@/components/icons/bell';
import { BuildingIcon } from '@/components/icons/building';
import { ClipboardIcon } from '@/components/icons/clipboard';
import { DashboardIcon } from '@/components/icons/dashboard';
import { DocumentIcon } from '@/components/icons/document';
import { FlagIcon } from '@/components/icons/flag';
import { InboxIcon } from '@/components/icons/inbox';
import { LayoutIcon } from '@/components/icons/layout';
import { MailIcon } from '@/components/icons/mail';
import { PinIcon } from '@/components/icons/pin';
import { SettingsIcon } from '@/components/icons/settings';
import { TagIcon } from '@/components/icons/tag';
import { UsersIcon } from '@/components/icons/users';
import type { IconComponent } from '@/components/icons/icon';
import { isStaffRole, STAFF_ROLES, type StaffRole } from '@/lib/session/staff-roles';
import type { AppRole } from '@/lib/supabase/database-aliases';

const ALL: readonly StaffRole[] = STAFF_ROLES;
const ADMIN: readonly StaffRole[] = ['admin'];
const ACCOUNTS: readonly StaffRole[] = ['admin', 'account_manager'];
const CONTENT: readonly StaffRole[] = ['admin', 'editor'];

export type AdminSectionRow = {
  /** The URL segment: `/admin-portal/{slug}`. */
  readonly slug: string;
  /** Its name in the sidebar and the header (and the heading of a page still to come). */
  readonly label: string;
  /** One sentence on what it is for, shown while the page is still to come. */
  readonly description: string;
  readonly icon: IconComponent;
  /** Its button among the dashboard's Quick Actions, with this text; none when absent. */
  readonly quickAction?: string;
  /** The page routes paths below its own (`/admin-portal/{slug}/…`) itself. */
  readonly nested?: boolean;
  /** A count beside its sidebar entry, kept current while the portal is open (see `admin-layout.tsx`). */
  readonly badge?: 'unread-notifications';
  /**
   * The staff roles that see it in the sidebar, the quick actions and through
   * its URL. What each role may read or change is decided by the database's
   * policies; this only keeps a role from screens that would refuse it.
   */
  readonly roles: readonly StaffRole[];
};

/** In sidebar order: the position of a row is its place in the sidebar (and among the quick actions). */
const rows = [
  {
    slug: 'dashboard',
    roles: ALL,
    label: 'Dashboard',
    description: 'An overview of the site and recent activity.',
    icon: DashboardIcon,
  },
  {
    slug: 'sections',
    roles: ADMIN,
    label: 'Sections & Features',
    description: 'Show or hide site sections and features.',
    icon: LayoutIcon,
    quickAction: 'Manage Sections',
  },
  {
    slug: 'feature-flags',
    roles: ADMIN,
    label: 'Feature Flags',
    description: 'Every feature flag and its change history.',
    icon: FlagIcon,
    quickAction: 'Feature Flags',
  },
  {
    slug: 'users',
    // Account managers approve their clients' access; staff roles are an admin's.
    roles: ACCOUNTS,
    label: 'Users',
    description: 'Client accounts and access requests; for admins, staff roles too.',
    icon: UsersIcon,
    quickAction: 'Manage Users',
  },
  {
    slug: 'leads',
    roles: ACCOUNTS,
    label: 'Leads',
    description: 'Contact and B2B requests, and their HubSpot outcome.',
    icon: InboxIcon,
  },
  {
    slug: 'companies',
    roles: ACCOUNTS,
    label: 'Companies',
    description: 'Manage client companies.',
    icon: BuildingIcon,
    quickAction: 'Manage Companies',
    nested: true,
  },
  {
    slug: 'orders',
    roles: ACCOUNTS,
    label: 'Orders',
    description: 'The order desk: confirm, ship and deliver client orders; export them for accounting.',
    icon: ClipboardIcon,
    quickAction: 'Open the Order Desk',
    nested: true,
  },
  {
    slug: 'price-lists',
    roles: ACCOUNTS,
    label: 'Price Lists',
    description: 'Case prices per product and currency, the dates they hold, and which company has which.',
    icon: TagIcon,
    nested: true,
  },
  {
    slug: 'documents',
    roles: ACCOUNTS,
    label: 'Documents',
    description: 'Certificates, spec sheets and price lists for clients.',
    icon: DocumentIcon,
    quickAction: 'Upload Documents',
  },
  {
    slug: 'messages',
    roles: ACCOUNTS,
    label: 'Messages',
    description: 'Conversations with client companies.',
    icon: MailIcon,
    nested: true,
  },
  {
    slug: 'content',
    roles: CONTENT,
    label: 'Content',
    description: 'News items and blog posts in English and French.',
    icon: DocumentIcon,
    nested: true,
  },
  {
    slug: 'products',
    roles: CONTENT,
    label: 'Products',
    description: 'The product catalogue in English and French, with CSV export and import.',
    icon: PinIcon,
    nested: true,
  },
  {
    slug: 'analytics',
    roles: ADMIN,
    label: 'Analytics',
    description: 'Traffic and conversion reports.',
    icon: BarChartIcon,
    quickAction: 'View Analytics',
  },
  {
    slug: 'settings',
    // Every staff member's own second factor and sign-in methods; the site-wide settings in it are an admin's.
    roles: ALL,
    label: 'Settings',
    description: 'Your two-step verification and sign-in; for admins, the portal’s settings.',
    icon: SettingsIcon,
  },
  {
    slug: 'notifications',
    roles: ALL,
    label: 'Notifications',
    description: 'What needs attention: requests, client messages, failures and expiring documents.',
    icon: BellIcon,
    badge: 'unread-notifications',
  },
] as const satisfies readonly AdminSectionRow[];

/** A row of the table, its slug one of the table's. */
export type AdminSectionEntry = AdminSectionRow & { readonly slug: AdminSection };

export const adminSections: readonly AdminSectionEntry[] = rows;

/** Whether `role` may open `section` (no role: none). */
export function canOpenSection(section: AdminSectionRow, role: AppRole | null | undefined): boolean {
  return isStaffRole(role) && section.roles.includes(role);
}

/** The sections `role` may open, in sidebar order. */
export function sectionsFor(role: AppRole | null | undefined): readonly AdminSectionEntry[] {
  return adminSections.filter((row) => canOpenSection(row, role));
}

// Gives `AdminSection` (src/config/paths.ts) its slugs: the public code that
// links into the portal is type-checked against this table without bundling it.
declare module '@/config/paths' {
  interface AdminPortalRegister {
    section: (typeof rows)[number]['slug'];
  }
}
