import {
  footerNavigation,
  headerButtons,
  headerNavigation,
  shownLinks,
  type NavDef,
  type NavLinkDef,
} from '@/config/navigation';
import { routePath, type SectionAnchor } from '@/config/paths';
import { useI18n } from '@/i18n/i18n';
import { useFlags } from '@/lib/flags/use-flags';

export type NavLinkItem =
  | { kind: 'section'; key: string; anchor: SectionAnchor; label: string }
  | { kind: 'page'; key: string; to: string; label: string };

export type NavGroupItem = { kind: 'group'; key: string; label: string; children: NavLinkItem[] };

export type NavItem = NavLinkItem | NavGroupItem;

// The declared lists (src/config/navigation.ts) do not change at run time.
const HEADER = headerNavigation();
const HEADER_BUTTONS = headerButtons();
const FOOTER = footerNavigation();

/** The declared links, with their labels and addresses in the page's language. */
function useResolve() {
  const { t, locale } = useI18n();
  const link = (def: NavLinkDef): NavLinkItem =>
    def.kind === 'section'
      ? { kind: 'section', key: def.key, anchor: def.anchor, label: t.site.nav[def.label] }
      : { kind: 'page', key: def.key, to: routePath(def.route, locale), label: t.site.nav[def.label] };
  const item = (def: NavDef): NavItem =>
    def.kind === 'group'
      ? { kind: 'group', key: def.key, label: t.site.nav[def.label], children: def.children.map(link) }
      : link(def);
  return { link, item };
}

/**
 * The header's links in their declared order (src/config/navigation.ts,
 * docs/product-rules.md), each behind its flag
 * (docs/decisions/003-every-flag-has-a-visible-effect.md), and its buttons.
 * While the flags are still loading on a client-rendered page both lists are
 * empty, so no link flashes in and out.
 */
export function useNavItems(): { items: NavItem[]; buttons: NavLinkItem[]; loading: boolean } {
  const { flags, showSkeleton } = useFlags();
  const { link, item } = useResolve();
  if (showSkeleton) return { items: [], buttons: [], loading: true };
  const isOn = (flag: keyof typeof flags) => flags[flag];
  return {
    items: shownLinks(HEADER, isOn).map(item),
    buttons: shownLinks(HEADER_BUTTONS, isOn).map(link),
    loading: false,
  };
}

/**
 * The footer's quick links in their declared order, each behind its flag.
 * While the flags are still loading on a client-rendered page only the links
 * without a flag show.
 */
export function useFooterLinks(): NavLinkItem[] {
  const { flags, showSkeleton } = useFlags();
  const { link } = useResolve();
  return shownLinks(FOOTER, (flag) => !showSkeleton && flags[flag]).map(link);
}
