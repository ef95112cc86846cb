import { describe, expect, it } from 'vitest';
import { ROUTES, matchRoute } from '../../../src/config/routes.ts';
import { defaultFlags, homeSections, type FlagMap } from '../../../src/lib/flags/defaults.ts';
import { flagRegistry } from '../../../src/lib/flags/registry.ts';
import { prerenderTargets } from '../site-routes.ts';
import { changedFlags, flagMapFrom, pageShowsFlag, planPublish } from './plan.ts';

const flags = (changes: Partial<FlagMap>): FlagMap => ({ ...defaultFlags, ...changes });
const files = (list: { file: string }[]) => list.map((target) => target.file).sort();

describe('flagMapFrom', () => {
  it('keeps known flags, ignores unknown ones and leaves missing ones at their default', () => {
    const map = flagMapFrom([
      { name: 'teams', enabled: true },
      { name: 'founder', enabled: false },
      { name: 'not_a_flag', enabled: true },
    ]);
    expect(map).toEqual(flags({ teams: true, founder: false }));
  });
});

describe('changedFlags', () => {
  it('lists exactly the flags whose value differs', () => {
    expect(changedFlags(defaultFlags, defaultFlags)).toEqual([]);
    expect(changedFlags(defaultFlags, flags({ teams: true, founder: false })).sort()).toEqual(['founder', 'teams']);
  });
});

describe('planPublish', () => {
  it('does nothing when nothing changed', () => {
    expect(planPublish(defaultFlags, { ...defaultFlags })).toEqual({
      changed: [],
      render: [],
      remove: [],
      siteFiles: false,
    });
  });

  it('re-renders only the home pages for a home-only section', () => {
    const plan = planPublish(defaultFlags, flags({ founder: false }));
    expect(files(plan.render)).toEqual(['fr/index.html', 'index.html']);
    expect(plan.remove).toEqual([]);
    expect(plan.siteFiles).toBe(false);
  });

  it('re-renders only the client sign-in pages for the B2B request link', () => {
    expect(files(planPublish(defaultFlags, flags({ b2b_request_form: false })).render)).toEqual([
      'client/login/index.html',
      'fr/client/login/index.html',
    ]);
  });

  it('re-renders nothing for a flag that only changes scripts', () => {
    const plan = planPublish(defaultFlags, flags({ tawk_chat: false, cookie_consent: false }));
    expect(plan.render).toEqual([]);
    expect(plan.changed.sort()).toEqual(['cookie_consent', 'tawk_chat']);
  });

  it('re-renders every page (navigation and footer) and the route files when a page flag changes', () => {
    const plan = planPublish(defaultFlags, flags({ teams: true }));
    expect(files(plan.render)).toEqual(files(prerenderTargets(defaultFlags)));
    expect(plan.siteFiles).toBe(true);
  });

  it('removes the pages of a route that went off, and renders them again when it comes back', () => {
    const off = planPublish(defaultFlags, flags({ client_portal: false }));
    expect(off.remove.sort()).toEqual(['client/login/index.html', 'fr/client/login/index.html']);
    expect(files(off.render)).not.toContain('client/login/index.html');
    expect(files(off.render)).toContain('404.html');
    const on = planPublish(flags({ client_portal: false }), defaultFlags);
    expect(on.remove).toEqual([]);
    expect(files(on.render)).toContain('client/login/index.html');
  });

  it('re-renders the pages a flag appears on, whatever else changed', () => {
    const plan = planPublish(defaultFlags, flags({ founder: false, b2b_request_form: false }));
    expect(files(plan.render)).toEqual([
      'client/login/index.html',
      'fr/client/login/index.html',
      'fr/index.html',
      'index.html',
    ]);
  });
});

describe("the registry's publish scopes", () => {
  it('name only routes that exist', () => {
    const ids = new Set(ROUTES.map((route) => route.id));
    for (const { name, publishes } of flagRegistry)
      if (Array.isArray(publishes)) for (const id of publishes) expect(ids.has(id), `${name}: ${id}`).toBe(true);
  });

  it('a flag that gates a route is on every page (its link is in the navigation)', () => {
    const notFound = prerenderTargets().find((target) => target.notFound)!;
    for (const route of ROUTES.filter((r) => r.flag))
      expect(pageShowsFlag(route.flag!, notFound), route.flag).toBe(true);
  });

  it('a flag that shows a home section is on the home pages', () => {
    const homes = prerenderTargets().filter((t) => !t.notFound && matchRoute(t.url)?.route.id === 'home');
    expect(homes).toHaveLength(2);
    for (const { flag } of homeSections) for (const home of homes) expect(pageShowsFlag(flag, home), flag).toBe(true);
  });
});
