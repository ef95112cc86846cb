/**
 * What a flag change means for the published site, as pure functions
 * (docs/decisions/041-publishing-on-flag-change.md): which
 * flags changed, which prerendered pages must be rendered again, which page
 * files must go (a page whose flag went off is then the 404 page), and
 * whether the route-derived files (sitemap, static-host rules) change.
 */
import { ROUTES, matchRoute, type RouteId, type SiteRoute } from '../../../src/config/routes.ts';
import { defaultFlags, flagNames, isFlagName, type FlagMap, type FlagName } from '../../../src/lib/flags/defaults.ts';
import { publishScope } from '../../../src/lib/flags/registry.ts';
import { prerenderTargets, type PostPage, type PrerenderTarget } from '../site-routes.ts';

/** The flags the database lists, as a complete map: known names only, missing ones at their default. */
export function flagMapFrom(rows: readonly { name: string; enabled: boolean }[]): FlagMap {
  const flags: FlagMap = { ...defaultFlags };
  for (const row of rows) if (isFlagName(row.name)) flags[row.name] = row.enabled;
  return flags;
}

export function changedFlags(previous: FlagMap, next: FlagMap): FlagName[] {
  return flagNames.filter((name) => previous[name] !== next[name]);
}

/** The route a prerendered URL renders; null for the 404 pages. */
function routeIdOf(target: PrerenderTarget, routes: readonly SiteRoute[]): RouteId | null {
  return target.notFound ? null : (matchRoute(target.url, routes)?.route.id ?? null);
}

/** Whether a page's HTML depends on the flag, as its registry entry says (`publishes`). */
export function pageShowsFlag(flag: FlagName, target: PrerenderTarget, routes: readonly SiteRoute[] = ROUTES): boolean {
  const scope = publishScope(flag);
  if (scope === 'all') return true;
  if (scope === 'none') return false;
  const id = routeIdOf(target, routes);
  return id !== null && scope.includes(id);
}

export type PublishPlan = {
  changed: FlagName[];
  /** Pages to render again (or for the first time) with the new flags. */
  render: PrerenderTarget[];
  /** Page files to delete: their route is off now, so the path is a 404. */
  remove: string[];
  /** sitemap.xml, _redirects and vercel.json change (a route went on or off). */
  siteFiles: boolean;
};

export function planPublish(
  previous: FlagMap,
  next: FlagMap,
  routes: readonly SiteRoute[] = ROUTES,
  /** The published posts' pages, which exist while their route is on. */
  posts: readonly PostPage[] = [],
): PublishPlan {
  const changed = changedFlags(previous, next);
  const before = new Set(prerenderTargets(previous, routes, posts).map((target) => target.file));
  const after = prerenderTargets(next, routes, posts);
  const afterFiles = new Set(after.map((target) => target.file));
  const routeFlags = new Set(routes.map((route) => route.flag).filter(Boolean));
  return {
    changed,
    render: after.filter(
      (target) => !before.has(target.file) || changed.some((flag) => pageShowsFlag(flag, target, routes)),
    ),
    remove: [...before].filter((file) => !afterFiles.has(file)),
    siteFiles: changed.some((flag) => routeFlags.has(flag)),
  };
}
