import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Label, Select } from '@/components/ui/field';
import { useI18n } from '@/i18n/i18n';
import type { Locale } from '@/i18n/locales';
import type { DocumentCategory, FileLanguage } from '@/i18n/messages/en/portal';
import {
  clientPortalQueries,
  documentTitle,
  DOCUMENT_CATEGORIES,
  FILE_LANGUAGES,
  type ClientDocument,
} from '../api/documents';
import { usePortalMessages } from '../use-portal-messages';
import { BackToDashboard, PortalPage } from '@/components/portal-page';
import { DocumentList, DocumentListSkeleton } from './document-list';
import { SearchField } from './search-field';

export type DocumentFilters = { category: DocumentCategory | null; language: FileLanguage | null; query: string };

/** The filters in the URL (`category`, `language`, `q`), so they survive reload and Back; unknown values are ignored. */
export function filtersFrom(params: URLSearchParams): DocumentFilters {
  const category = params.get('category');
  const language = params.get('language');
  return {
    category: (DOCUMENT_CATEGORIES as readonly string[]).includes(category ?? '')
      ? (category as DocumentCategory)
      : null,
    language: (FILE_LANGUAGES as readonly string[]).includes(language ?? '') ? (language as FileLanguage) : null,
    query: params.get('q') ?? '',
  };
}

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * Narrows what row-level security already returned (never a permission
 * check): a category, a file language (a bilingual file matches either) and
 * words of the title in either language, accents and case ignored.
 */
export function applyFilters(documents: ClientDocument[], filters: DocumentFilters, locale: Locale): ClientDocument[] {
  const words = fold(filters.query).split(/\s+/).filter(Boolean);
  return documents.filter((document) => {
    if (filters.category && document.category !== filters.category) return false;
    if (filters.language && document.fileLanguage !== filters.language && document.fileLanguage !== 'both')
      return false;
    if (words.length === 0) return true;
    const haystack = fold(`${documentTitle(document, locale)} ${document.titleEn} ${document.titleFr}`);
    return words.every((word) => haystack.includes(word));
  });
}

/** /client/documents and /fr/client/documents, behind the client guard. */
export default function ClientDocumentsPage() {
  const { locale } = useI18n();
  const text = usePortalMessages().documents;
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const documents = useQuery(clientPortalQueries.documents());
  const ids = { category: useId(), language: useId(), search: useId(), heading: useId() };

  const setParam = (name: string, value: string, replace = false) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace },
    );
  };
  const filtered = documents.data ? applyFilters(documents.data, filters, locale) : [];
  const filtering = filters.category !== null || filters.language !== null || filters.query !== '';

  return (
    <PortalPage route="clientDocuments" title={text.metaTitle} description={text.metaDescription}>
      <BackToDashboard label={text.backToDashboard} />
      <h1 id={ids.heading} className="mt-2 font-serif text-3xl font-semibold text-ink md:text-4xl">
        {text.heading}
      </h1>
      <p className="mt-2 text-lg text-ink-muted">{text.intro}</p>

      <div role="search" aria-label={text.filters} className="mt-6">
        <form
          className="grid gap-4 rounded-lg border border-sand-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_2fr_auto] lg:items-end"
          onSubmit={(event) => event.preventDefault()}
        >
          <div>
            <Label htmlFor={ids.category}>{text.category}</Label>
            <Select
              id={ids.category}
              value={filters.category ?? ''}
              onChange={(event) => setParam('category', event.target.value)}
            >
              <option value="">{text.allCategories}</option>
              {DOCUMENT_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {text.categories[category]}
                </option>
              ))}
            </Select>
          </div>
          <div>
            <Label htmlFor={ids.language}>{text.language}</Label>
            <Select
              id={ids.language}
              value={filters.language ?? ''}
              onChange={(event) => setParam('language', event.target.value)}
            >
              <option value="">{text.allLanguages}</option>
              {(['en', 'fr'] as const).map((language) => (
                <option key={language} value={language}>
                  {text.languages[language]}
                </option>
              ))}
            </Select>
          </div>
          <SearchField
            className="sm:col-span-2 lg:col-span-1"
            id={ids.search}
            label={text.search}
            placeholder={text.searchPlaceholder}
            value={filters.query}
            onChange={(value) => setParam('q', value, true)}
          />
          {filtering ? (
            <Button variant="ghost" onClick={() => setParams(new URLSearchParams())}>
              {text.clearFilters}
            </Button>
          ) : null}
        </form>
      </div>

      <section aria-labelledby={ids.heading} aria-busy={documents.isPending} className="mt-6">
        {documents.isPending ? (
          <>
            <p className="sr-only" role="status">
              {text.loading}
            </p>
            <DocumentListSkeleton />
          </>
        ) : documents.isError ? (
          <div
            role="alert"
            className="rounded-md border border-danger/30 bg-danger-bg px-4 py-3 text-sm font-medium text-danger"
          >
            <p>{text.loadFailed}</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void documents.refetch()}>
              {text.retry}
            </Button>
          </div>
        ) : documents.data.length === 0 ? (
          <p className="rounded-lg border border-sand-200 bg-white p-6 text-ink-muted">{text.empty}</p>
        ) : (
          <>
            <p className="mb-3 text-sm text-ink-muted" role="status">
              {text.count(filtered.length, documents.data.length)}
            </p>
            {filtered.length === 0 ? (
              <p className="rounded-lg border border-sand-200 bg-white p-6 text-ink-muted">{text.noMatch}</p>
            ) : (
              <DocumentList documents={filtered} />
            )}
          </>
        )}
      </section>
    </PortalPage>
  );
}
