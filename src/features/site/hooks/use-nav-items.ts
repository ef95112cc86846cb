import { paths, type SectionAnchor } from '@/config/paths';
import { useI18n } from '@/i18n/i18n';
import type { FlagName } from '@/lib/flags/defaults';
import { useFlags } from '@/lib/flags/use-flags';

export type NavLinkItem =
  | { kind: 'section'; key: string; anchor: SectionAnchor; label: string }
  | { kind: 'page'; key: string; to: string; label: string };

export type NavItem = NavLinkItem | { kind: 'insights'; key: 'insights'; label: string; children: NavLinkItem[] };

/**
 * The navigation in its fixed order (docs/product-rules.md), each entry behind
 * its flag (docs/decisions/003-every-flag-has-a-visible-effect.md).
 * While the flags are still loading on a client-rendered page the list is
 * empty, so no link flashes in and out.
 */
export function useNavItems(): { items: NavItem[]; clientPortal: boolean; loading: boolean } {
  const { t, locale } = useI18n();
  const { flags, showSkeleton } = useFlags();
  if (showSkeleton) return { items: [], clientPortal: false, loading: true };
  const nav = t.site.nav;
  const candidates: [FlagName | null, NavItem][] = [
    [null, { kind: 'section', key: 'home', anchor: 'home', label: nav.home }],
    ['brand_story', { kind: 'section', key: 'brand-story', anchor: 'brand-story', label: nav.brandStory }],
    ['products', { kind: 'section', key: 'products', anchor: 'products', label: nav.products }],
    ['solutions', { kind: 'page', key: 'solutions', to: paths.solutions(locale), label: nav.solutions }],
    [
      'insights',
      {
        kind: 'insights',
        key: 'insights',
        label: nav.insights,
        children: [
          { kind: 'page', key: 'news', to: paths.news(locale), label: nav.news },
          { kind: 'page', key: 'blog', to: paths.blog(locale), label: nav.blog },
        ],
      },
    ],
    ['teams', { kind: 'page', key: 'teams', to: paths.teams(locale), label: nav.teams }],
    ['partnerships', { kind: 'page', key: 'partnerships', to: paths.partnerships(locale), label: nav.partnerships }],
    ['services', { kind: 'section', key: 'services', anchor: 'services', label: nav.services }],
    ['contact', { kind: 'section', key: 'contact', anchor: 'contact', label: nav.contact }],
  ];
  return {
    items: candidates.filter(([flag]) => flag === null || flags[flag]).map(([, item]) => item),
    clientPortal: flags.client_portal,
    loading: false,
  };
}
