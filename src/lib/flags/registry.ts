/**
 * The flags as staff screens and the publisher read them, from their one
 * declaration (./declarations.ts): in display order, by group, with their
 * labels and effects. Reaches staff chunks and the build only.
 */
import type { RouteId } from '@/config/routes';
import { flagDeclarations, type FlagDeclaration, type FlagGroupId } from './declarations';
import { flagNames, isFlagName, type FlagName } from './defaults';
import type { FeatureFlag } from './flag-queries';

export type { FlagGroupId };

/**
 * The prerendered pages whose HTML depends on a flag, published again when it
 * changes: 'all' (it shows in the header, footer or language switch, which
 * every page carries), the ids of the routes (src/config/routes.ts) whose page
 * alone shows it, or 'none' (it only changes what scripts do once the page has
 * loaded).
 */
export type PublishScope = 'all' | 'none' | readonly RouteId[];

// Every flag's published pages name real routes (a type error otherwise).
const declaredScopes: Record<FlagName, { publishes: PublishScope }> = flagDeclarations;

export type FlagMeta = Omit<FlagDeclaration, 'home' | 'publishes'> & { name: FlagName; publishes: PublishScope };

/** Every known flag with its default, in display order. */
export const flagRegistry: readonly FlagMeta[] = flagNames.map((name) => {
  const { home: _home, ...meta }: FlagDeclaration = flagDeclarations[name];
  return { name, ...meta, publishes: declaredScopes[name].publishes };
});

/** The three groups, in the order staff see them. */
export const flagGroups: readonly { id: FlagGroupId; title: string; description: string; enableAllLabel: string }[] = [
  {
    id: 'navigation',
    title: 'Main Navigation',
    description: 'Links in the site navigation, and the pages and home sections behind them.',
    enableAllLabel: 'Enable All Navigation',
  },
  {
    id: 'homepage',
    title: 'Homepage Sections',
    description: 'Parts of the home page and the client sign-in page.',
    enableAllLabel: 'Enable All Homepage Sections',
  },
  {
    id: 'features',
    title: 'Site Features',
    description: 'Behaviour across the whole site.',
    enableAllLabel: 'Enable All Features',
  },
];

/** The published pages whose HTML shows the flag. */
export function publishScope(name: FlagName): PublishScope {
  return declaredScopes[name].publishes;
}

export function flagMeta(name: string): FlagMeta | undefined {
  return isFlagName(name) ? flagRegistry.find((meta) => meta.name === name) : undefined;
}

/** The last word on a flag that neither the database nor the registry describes. */
export const FALLBACK_DESCRIPTION = 'Controls visibility of this feature';

/** The flag's own description, else the registry's, else the generic sentence. */
export function describeFlag(flag: Pick<FeatureFlag, 'name' | 'description'>): string {
  const own = flag.description?.trim();
  if (own) return own;
  return flagMeta(flag.name)?.description ?? FALLBACK_DESCRIPTION;
}

/** A readable name for a flag key ("brand_story" → "Brand Story"), also for flags the registry does not know. */
export function flagLabel(name: string): string {
  return (
    flagMeta(name)?.label ??
    name
      .split('_')
      .filter(Boolean)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ')
  );
}

/** The group's flags as the server lists them, in the registry's order; flags the server lacks are left out. */
export function flagsInGroup(flags: readonly FeatureFlag[], group: FlagGroupId): FeatureFlag[] {
  return flagRegistry
    .filter((meta) => meta.group === group)
    .flatMap((meta) => flags.filter((flag) => flag.name === meta.name));
}

/** Flags on the server that the registry does not know (added by a later migration): still shown, so none is unreachable. */
export function ungroupedFlags(flags: readonly FeatureFlag[]): FeatureFlag[] {
  return flags.filter((flag) => !isFlagName(flag.name));
}

/** "Enable All": only the flags of the group that are off; it never switches anything off. */
export function flagsToEnable(flags: readonly FeatureFlag[], group: FlagGroupId): FeatureFlag[] {
  return flagsInGroup(flags, group).filter((flag) => !flag.enabled);
}
