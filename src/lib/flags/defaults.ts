/**
 * The flags as the public pages need them: each one's value while the
 * database cannot be read (docs/decisions/004-public-site-never-blank.md) and,
 * for a flag that shows a section of the home page, where that section goes.
 * Both come from the flags' one declaration (./declarations.ts); in the client
 * build that import holds only these two facts per flag (vite.config.ts), so
 * public pages never download the staff texts.
 */
import { flagDeclarations, type FlagDeclaration } from './declarations';

type Declarations = typeof flagDeclarations;
export type FlagName = keyof Declarations;
export type FlagMap = Record<FlagName, boolean>;
/** The flags that show a home-page section. */
export type HomeSectionFlag = { [K in FlagName]: Declarations[K] extends { home: object } ? K : never }[FlagName];
/** The names the declarations give the home-page sections ("products"). */
export type HomeSectionName = {
  [K in FlagName]: Declarations[K] extends { home: { section: infer S } } ? S : never;
}[FlagName];

export const flagNames = Object.keys(flagDeclarations) as FlagName[];

export const defaultFlags: FlagMap = Object.fromEntries(
  flagNames.map((name) => [name, flagDeclarations[name].default]),
) as FlagMap;

/** The home page's flag-gated sections, top to bottom. */
export const homeSections: readonly { flag: HomeSectionFlag; section: HomeSectionName }[] = flagNames
  .flatMap((flag) => {
    const { home } = flagDeclarations[flag] as FlagDeclaration;
    return home ? [{ flag, ...home }] : [];
  })
  .sort((a, b) => a.order - b.order)
  .map(({ flag, section }) => ({ flag: flag as HomeSectionFlag, section: section as HomeSectionName }));

export function isFlagName(name: string): name is FlagName {
  return Object.prototype.hasOwnProperty.call(flagDeclarations, name);
}
