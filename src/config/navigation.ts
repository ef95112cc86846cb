/**
 * The site's navigation, declared once for the header and the footer
 * (docs/product-rules.md §4): the home page's section links below, the
 * header's drop-down menus below, and each route's link in its row of the
 * route table (`nav`, ./routes.ts). Each list is in ascending `order`; a link
 * shows only while its flag is on (a section's own flag, a route's flag).
 *
 * With every flag on, that gives:
 * - header: Home, Our Story, Products, Solutions, Insights (News, Blog),
 *   Teams, Partnerships, Services, Contact, and the Client Portal button;
 * - footer quick links: Home, Our Story, Products, Services, Solutions, News,
 *   Blog, Teams, Partnerships, Contact.
 */
import type { FlagName } from '@/lib/flags/defaults';
import type { SectionAnchor } from './paths';
import { ROUTES, type NavGroupId, type NavLabel, type NavOrder, type RouteRow } from './routes';

type SectionLinkDef = {
  anchor: SectionAnchor;
  label: NavLabel;
  /** Shown while this flag is on (the section's own); without one, always. */
  flag?: FlagName;
  header?: NavOrder;
  footer?: NavOrder;
};

/** Links to sections of the home page. */
export const SECTION_LINKS: readonly SectionLinkDef[] = [
  { anchor: 'home', label: 'home', header: 10, footer: 10 },
  { anchor: 'brand-story', label: 'brandStory', flag: 'brand_story', header: 20, footer: 20 },
  { anchor: 'products', label: 'products', flag: 'products', header: 30, footer: 30 },
  { anchor: 'services', label: 'services', flag: 'services', header: 80, footer: 40 },
  { anchor: 'contact', label: 'contact', flag: 'contact', header: 90, footer: 100 },
];

/** The header's drop-down menus: a menu shows while any of its links does. */
export const NAV_GROUPS: Record<NavGroupId, { label: NavLabel; header: NavOrder }> = {
  insights: { label: 'insights', header: 50 },
};

/**
 * The routes the navigation links to. Their paths have no `:params`:
 * `routePath(id, locale)` builds their links (a row with params and `nav` is a
 * type error where the links are built).
 */
export type NavRouteId = Extract<RouteRow, { nav: unknown }>['id'];

export type NavLinkDef =
  | { kind: 'section'; key: string; label: NavLabel; flag?: FlagName; anchor: SectionAnchor }
  | { kind: 'page'; key: string; label: NavLabel; flag?: FlagName; route: NavRouteId };

export type NavDef = NavLinkDef | { kind: 'group'; key: NavGroupId; label: NavLabel; children: NavLinkDef[] };

type Placed<T> = { order: NavOrder; item: T };

const byOrder = <T>(list: Placed<T>[]): T[] => list.sort((a, b) => a.order - b.order).map((placed) => placed.item);

function sectionLink(section: SectionLinkDef): NavLinkDef {
  return { kind: 'section', key: section.anchor, label: section.label, flag: section.flag, anchor: section.anchor };
}

const routesWithNav = ROUTES.flatMap((route) => (route.nav ? [{ route, nav: route.nav }] : []));

function pageLink({ route, nav }: (typeof routesWithNav)[number]): NavLinkDef {
  // A row with `nav` is a NavRouteId: it is one of those rows.
  return { kind: 'page', key: route.id, label: nav.label, flag: route.flag, route: route.id as NavRouteId };
}

/** The header's link row, in order, every flag on. */
export function headerNavigation(): NavDef[] {
  const placed: Placed<NavDef>[] = SECTION_LINKS.flatMap((section) =>
    section.header === undefined ? [] : [{ order: section.header, item: sectionLink(section) }],
  );
  for (const entry of routesWithNav) {
    if (typeof entry.nav.header === 'number') placed.push({ order: entry.nav.header, item: pageLink(entry) });
  }
  for (const [key, group] of Object.entries(NAV_GROUPS) as [NavGroupId, (typeof NAV_GROUPS)[NavGroupId]][]) {
    const children = byOrder(
      routesWithNav.flatMap((entry) => {
        const header = entry.nav.header;
        return typeof header === 'object' && header.group === key
          ? [{ order: header.order, item: pageLink(entry) }]
          : [];
      }),
    );
    if (children.length > 0)
      placed.push({ order: group.header, item: { kind: 'group', key, label: group.label, children } });
  }
  return byOrder(placed);
}

/** The header's buttons (the Client Portal), every flag on. */
export function headerButtons(): NavLinkDef[] {
  return routesWithNav.filter((entry) => entry.nav.header === 'button').map(pageLink);
}

/** The footer's quick links, in order, every flag on. */
export function footerNavigation(): NavLinkDef[] {
  const placed: Placed<NavLinkDef>[] = SECTION_LINKS.flatMap((section) =>
    section.footer === undefined ? [] : [{ order: section.footer, item: sectionLink(section) }],
  );
  for (const entry of routesWithNav) {
    if (entry.nav.footer !== undefined) placed.push({ order: entry.nav.footer, item: pageLink(entry) });
  }
  return byOrder(placed);
}

/** The links of `list` whose flag is on, and the menus that still hold a link. */
export function shownLinks<T extends NavDef>(list: readonly T[], isOn: (flag: FlagName) => boolean): T[] {
  const shown = (link: NavLinkDef) => link.flag === undefined || isOn(link.flag);
  return list.flatMap((item) => {
    if (item.kind !== 'group') return shown(item) ? [item] : [];
    const children = item.children.filter(shown);
    return children.length > 0 ? [{ ...item, children }] : [];
  });
}
