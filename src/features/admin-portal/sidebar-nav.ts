import type { AdminSection } from '@/config/paths';

/** The sidebar's entries: the portal's sections, in order, with the name and summary each page shows. */
export const adminNav: readonly { id: AdminSection; label: string; description: string }[] = [
  { id: 'dashboard', label: 'Dashboard', description: 'An overview of the site and recent activity.' },
  { id: 'sections', label: 'Sections & Features', description: 'Show or hide site sections and features.' },
  { id: 'feature-flags', label: 'Feature Flags', description: 'Every feature flag and its change history.' },
  { id: 'users', label: 'Users', description: 'Manage staff and client accounts.' },
  { id: 'leads', label: 'Leads', description: 'Contact and B2B requests, and their HubSpot outcome.' },
  { id: 'companies', label: 'Companies', description: 'Manage client companies.' },
  { id: 'content', label: 'Content', description: 'Manage pages and articles.' },
  { id: 'analytics', label: 'Analytics', description: 'Traffic and conversion reports.' },
  { id: 'settings', label: 'Settings', description: 'Portal and site settings.' },
  { id: 'notifications', label: 'Notifications', description: 'Alerts and email notifications.' },
];
