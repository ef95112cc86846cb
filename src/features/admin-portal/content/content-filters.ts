/**
 * The Content list's filters, kept in the URL's query so a reload or a shared
 * link shows the same list: `kind`, `lang`, `status`, `category`, `q`.
 */
import type { ContentKind, ContentLang, ContentListEntry, ContentStatus } from './api/content';

export type ContentFilters = {
  kind: ContentKind | '';
  lang: ContentLang | '';
  status: ContentStatus | '';
  category: string;
  q: string;
};

const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | '' =>
  allowed.includes(value as T) ? (value as T) : '';

export function filtersFromParams(params: URLSearchParams): ContentFilters {
  return {
    kind: pick(params.get('kind'), ['news', 'blog'] as const),
    lang: pick(params.get('lang'), ['en', 'fr'] as const),
    status: pick(params.get('status'), ['draft', 'scheduled', 'published', 'unpublished'] as const),
    category: params.get('category') ?? '',
    q: params.get('q') ?? '',
  };
}

const fold = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '');

/** The entries the filters keep, newest first (displayed date, then last change). */
export function filterContent(entries: readonly ContentListEntry[], filters: ContentFilters): ContentListEntry[] {
  const words = fold(filters.q).split(/\s+/).filter(Boolean);
  return entries
    .filter((entry) => {
      if (filters.kind && entry.kind !== filters.kind) return false;
      if (filters.lang && !entry.translations[filters.lang]) return false;
      if (filters.status && entry.status !== filters.status) return false;
      if (filters.category && entry.category !== filters.category) return false;
      if (words.length) {
        const haystack = fold(
          Object.values(entry.translations)
            .map((t) => `${t.title} ${t.slug}`)
            .join(' '),
        );
        if (!words.every((word) => haystack.includes(word))) return false;
      }
      return true;
    })
    .sort((a, b) => (a.date === b.date ? b.updatedAt.localeCompare(a.updatedAt) : b.date.localeCompare(a.date)));
}
