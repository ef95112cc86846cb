/** The slug format the database accepts (docs/decisions/160-content-in-the-database.md). */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const SLUG_MAX = 120;

const LIGATURES: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss', ø: 'o', ł: 'l', đ: 'd' };

/**
 * A slug from a title: lower case, accents dropped ("Été" → "ete"), every run
 * of other characters one hyphen, at most 120 characters cut at a word.
 */
export function slugify(title: string): string {
  const ascii = title
    .toLowerCase()
    .replace(/[œæßøłđ]/g, (c) => LIGATURES[c] ?? c)
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[’']/g, '');
  const slug = ascii.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  if (slug.length <= SLUG_MAX) return slug;
  const cut = slug.slice(0, SLUG_MAX + 1);
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen > 0 ? cut.slice(0, lastHyphen) : slug.slice(0, SLUG_MAX)).replace(/-+$/, '');
}
