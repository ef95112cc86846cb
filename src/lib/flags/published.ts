/**
 * The flags a page was prerendered with, carried in its HTML
 * (docs/decisions/016-published-html-follows-live-flags.md): the build writes
 * them on the root element (`data-flags`, the names of the flags that were
 * on), and the browser hydrates with them, so its first render equals the
 * HTML; the live flags then correct the page as usual.
 */
import { defaultFlags, flagNames, type FlagMap } from './defaults';

/** The attribute's value: the names of the flags that are on, comma-separated, in registry order. */
export function encodePublishedFlags(flags: FlagMap): string {
  return flagNames.filter((name) => flags[name]).join(',');
}

/**
 * The flags an attribute written by encodePublishedFlags stands for; null when
 * there is none (a page built before flags were published, or the SPA shell).
 * Unknown names are ignored: a flag not listed was off.
 */
export function decodePublishedFlags(value: string | null | undefined): FlagMap | null {
  if (value === null || value === undefined) return null;
  const on = new Set(value.split(',').map((name) => name.trim()));
  const flags = { ...defaultFlags } as FlagMap;
  for (const name of flagNames) flags[name] = on.has(name);
  return flags;
}
