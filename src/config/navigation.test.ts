import { describe, expect, it } from 'vitest';
import { en } from '@/i18n/messages/en';
import { fr } from '@/i18n/messages/fr';
import { footerNavigation, headerButtons, headerNavigation, NAV_GROUPS, SECTION_LINKS, shownLinks } from './navigation';
import { ROUTES } from './routes';

describe('the navigation declaration', () => {
  it('gives each link of a list its own place', () => {
    const orders = (list: (number | undefined)[]) => list.filter((order) => order !== undefined);
    const header = orders([
      ...SECTION_LINKS.map((s) => s.header),
      ...Object.values(NAV_GROUPS).map((g) => g.header),
      ...ROUTES.map((r) => (typeof r.nav?.header === 'number' ? r.nav.header : undefined)),
    ]);
    const footer = orders([...SECTION_LINKS.map((s) => s.footer), ...ROUTES.map((r) => r.nav?.footer)]);
    expect(new Set(header).size).toBe(header.length);
    expect(new Set(footer).size).toBe(footer.length);
    for (const group of Object.keys(NAV_GROUPS)) {
      const inGroup = ROUTES.flatMap((r) =>
        typeof r.nav?.header === 'object' && r.nav.header.group === group ? [r.nav.header.order] : [],
      );
      expect(new Set(inGroup).size, group).toBe(inGroup.length);
    }
  });

  it('links only to public pages of the site, in both languages, without params', () => {
    for (const route of ROUTES.filter((r) => r.nav)) {
      expect(route.layout, route.id).toBe('site');
      expect(route.locales, route.id).toBe('both');
      expect(route.access === 'public' || route.access === 'sign-in', route.id).toBe(true);
      expect(route.path, route.id).not.toMatch(/[:*]/);
    }
  });

  it('labels every link with a text of both catalogs', () => {
    const labels = [
      ...headerNavigation().flatMap((item) => [
        item.label,
        ...(item.kind === 'group' ? item.children : []).map((c) => c.label),
      ]),
      ...headerButtons().map((item) => item.label),
      ...footerNavigation().map((item) => item.label),
    ];
    for (const label of labels) {
      expect(en.site.nav[label], label).toMatch(/\S/);
      expect(fr.site.nav[label], label).toMatch(/\S/);
    }
  });

  it('gates each section link by the flag of its section, and each page link by its route’s flag', () => {
    for (const section of SECTION_LINKS.filter((s) => s.flag))
      expect(section.flag).toBe(section.anchor.replace('-', '_'));
    for (const item of footerNavigation()) {
      if (item.kind === 'page') expect(item.flag).toBe(ROUTES.find((r) => r.id === item.route)?.flag);
    }
  });

  it('hides a drop-down menu whose links are all off, and the links whose flag is off', () => {
    const header = headerNavigation();
    const groupFlags = header.flatMap((item) =>
      item.kind === 'group' ? item.children.flatMap((c) => c.flag ?? []) : [],
    );
    const shown = shownLinks(header, (flag) => !groupFlags.includes(flag));
    expect(shown.some((item) => item.kind === 'group')).toBe(false);
    expect(shownLinks(header, () => false).every((item) => item.kind !== 'group' && !item.flag)).toBe(true);
    expect(shownLinks(header, () => true)).toEqual(header);
  });
});
