/**
 * The editor's form: both languages in one react-hook-form state, checked by
 * zod as the database checks them, turned into the `save_content_item`
 * payload, and a server error turned back into a message on its field
 * (docs/decisions/170-content-editor.md).
 */
import type { FieldPath } from 'react-hook-form';
import { DataApiError } from '@/lib/supabase/errors';
import { z } from '@/lib/validation/zod';
import type { ContentItem, ContentKind, ContentLang, ContentPayload } from './api/content';
import { SLUG_MAX, SLUG_PATTERN } from './content-slug';

export const categoryOptions: Record<ContentKind, { value: string; label: string }[]> = {
  news: [
    { value: 'product-launch', label: 'Product launch' },
    { value: 'partnership', label: 'Partnership' },
    { value: 'expansion', label: 'Expansion' },
    { value: 'trade', label: 'Trade' },
    { value: 'sustainability', label: 'Sustainability' },
  ],
  blog: [
    { value: 'market-trends', label: 'Market trends' },
    { value: 'sourcing', label: 'Sourcing' },
    { value: 'compliance', label: 'Compliance' },
    { value: 'brand-building', label: 'Brand building' },
    { value: 'logistics', label: 'Logistics' },
    { value: 'food-culture', label: 'Food culture' },
  ],
};

export const categoryLabel = (kind: ContentKind, value: string | null) =>
  categoryOptions[kind].find((c) => c.value === value)?.label ?? '—';

/** The editor's languages, in the order its tabs and lists show them. */
export const LANGS: readonly ContentLang[] = ['en', 'fr'];
export const LANG_NAME: Record<ContentLang, string> = { en: 'English', fr: 'French' };

export type TranslationValues = {
  enabled: boolean;
  title: string;
  slug: string;
  /** The slug was typed by hand: the title no longer drives it. */
  slugEdited: boolean;
  excerpt: string;
  body: string;
  imageAlt: string;
  date: string;
  authorRole: string;
  authorBio: string;
  tag: string;
};

export type ContentFormValues = {
  kind: ContentKind;
  category: string;
  featured: boolean;
  authorName: string;
  image: { path: string; width: number; height: number } | null;
  en: TranslationValues;
  fr: TranslationValues;
};

export const today = () => new Date().toISOString().slice(0, 10);

export const emptyTranslation = (enabled: boolean): TranslationValues => ({
  enabled,
  title: '',
  slug: '',
  slugEdited: false,
  excerpt: '',
  body: '',
  imageAlt: '',
  date: today(),
  authorRole: '',
  authorBio: '',
  tag: '',
});

export function emptyContent(kind: ContentKind): ContentFormValues {
  return {
    kind,
    category: '',
    featured: false,
    authorName: '',
    image: null,
    en: emptyTranslation(true),
    fr: emptyTranslation(true),
  };
}

/** The form's values for a stored item. */
export function contentToForm({ item, translations }: ContentItem): ContentFormValues {
  const side = (lang: ContentLang): TranslationValues => {
    const t = translations[lang];
    if (!t) return { ...emptyTranslation(false) };
    return {
      enabled: true,
      title: t.title,
      slug: t.slug,
      slugEdited: true,
      excerpt: t.excerpt,
      body: t.body_md,
      imageAlt: t.image_alt,
      date: t.date,
      authorRole: t.author_role ?? '',
      authorBio: t.author_bio ?? '',
      tag: t.tag ?? '',
    };
  };
  return {
    kind: item.kind as ContentKind,
    category: item.category ?? '',
    featured: item.featured,
    authorName: item.author_name ?? '',
    image:
      item.image_path && item.image_width && item.image_height
        ? { path: item.image_path, width: item.image_width, height: item.image_height }
        : null,
    en: side('en'),
    fr: side('fr'),
  };
}

/**
 * Characters XML 1.0 cannot carry at all: one of them in a title or an
 * excerpt made the RSS feeds unreadable. The database refuses them too
 * (docs/decisions/186-page-views-per-network-analytics-events-dropped-clean-feeds-image-paths.md).
 */
// eslint-disable-next-line no-control-regex
const NOT_IN_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
/** A title is one line wherever it appears: no control character at all, tabs and line breaks included. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\ufffe\uffff]/;

const invisible = (label: string) =>
  `${label} holds an invisible control character (often pasted from another program). Retype the text around it or paste it as plain text.`;

const text = (max: number, label: string) =>
  z.string().check(
    z.maxLength(max, `${label} can be at most ${max.toLocaleString('en-CA')} characters.`),
    z.refine((value) => !NOT_IN_XML.test(value), invisible(label)),
  );

const enabledTranslation = z.object({
  enabled: z.literal(true),
  title: z.string().check(
    z.trim(),
    z.minLength(1, 'Enter a title.'),
    z.maxLength(200, 'The title can be at most 200 characters.'),
    z.refine((value) => !CONTROL.test(value), invisible('The title')),
  ),
  slug: z
    .string()
    .check(
      z.minLength(1, 'Enter a slug.'),
      z.maxLength(SLUG_MAX, `The slug can be at most ${SLUG_MAX} characters.`),
      z.regex(SLUG_PATTERN, 'Use lower-case letters, digits and single hyphens, e.g. new-olive-oil-line.'),
    ),
  slugEdited: z.boolean(),
  excerpt: text(500, 'The excerpt'),
  body: text(100_000, 'The body'),
  imageAlt: text(300, 'The alt text'),
  date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a date.')),
  authorRole: text(120, 'The role'),
  authorBio: text(600, 'The bio'),
  tag: text(40, 'The tag'),
});

const disabledTranslation = z.looseObject({ enabled: z.literal(false) });

const translation = z.discriminatedUnion('enabled', [enabledTranslation, disabledTranslation]);

export const contentSchema = z
  .object({
    kind: z.enum(['news', 'blog']),
    category: z.string(),
    featured: z.boolean(),
    authorName: text(120, 'The author’s name'),
    image: z.nullable(z.object({ path: z.string(), width: z.number(), height: z.number() })),
    en: translation,
    fr: translation,
  })
  .check(
    z.refine((v) => v.en.enabled || v.fr.enabled, {
      message: 'Keep at least one language: English, French or both.',
      path: ['en', 'enabled'],
    }),
  );

const orNull = (value: string) => (value.trim() ? value.trim() : null);

/** The payload of `save_content_item` for the form's values. */
export function formToPayload(values: ContentFormValues, id?: string): ContentPayload {
  const side = (lang: ContentLang): ContentPayload['translations'][ContentLang] => {
    const t = values[lang];
    if (!t.enabled) return null;
    return {
      title: t.title.trim(),
      slug: t.slug.trim(),
      excerpt: t.excerpt.trim(),
      body_md: t.body,
      image_alt: values.image ? t.imageAlt.trim() : '',
      date: t.date,
      author_role: values.kind === 'blog' ? orNull(t.authorRole) : null,
      author_bio: values.kind === 'blog' ? orNull(t.authorBio) : null,
      tag: values.kind === 'news' ? orNull(t.tag) : null,
    };
  };
  return {
    ...(id ? { id } : {}),
    kind: values.kind,
    category: values.category || null,
    featured: values.featured,
    image: values.image,
    author_name: values.kind === 'blog' ? orNull(values.authorName) : null,
    translations: { en: side('en'), fr: side('fr') },
  };
}

const FIELD_OF_COLUMN: Record<string, string> = {
  title: 'title',
  slug: 'slug',
  excerpt: 'excerpt',
  body_md: 'body',
  image_alt: 'imageAlt',
  date: 'date',
  author_role: 'authorRole',
  author_bio: 'authorBio',
  tag: 'tag',
};

export type ServerFieldError = { field: FieldPath<ContentFormValues>; message: string };

/**
 * The form field a refused save names in `error.details` (`en.slug`,
 * `fr.body_md`, `author_name`, `image.path`, …) with a message for it, or null
 * when the error belongs to no field (shown above the form instead).
 */
export function fieldOfServerError(error: unknown, kind: ContentKind): ServerFieldError | null {
  if (!(error instanceof DataApiError) || !error.details) return null;
  const details = error.details.trim();
  const [part, column] = details.split('.') as [string, string | undefined];
  const noun = kind === 'news' ? 'news item' : 'blog post';
  if ((part === 'en' || part === 'fr') && (column === undefined || FIELD_OF_COLUMN[column])) {
    const field = `${part}.${column ? FIELD_OF_COLUMN[column] : 'title'}` as FieldPath<ContentFormValues>;
    const message =
      error.code === '23505'
        ? `This slug is taken: another ${noun} in ${LANG_NAME[part]} uses it. Choose another.`
        : error.code === '22001'
          ? 'This is too long.'
          : error.message;
    return { field, message };
  }
  const shared: Record<string, FieldPath<ContentFormValues>> = {
    category: 'category',
    featured: 'featured',
    author_name: 'authorName',
    image: 'image',
    'image.path': 'image',
  };
  const field = shared[details];
  if (!field) return null;
  return { field, message: error.code === '22001' ? 'This is too long.' : error.message };
}

/** A refusal that belongs to no field, as one sentence for staff. */
export function describeError(error: unknown): string {
  if (error instanceof DataApiError) {
    if (error.code === '42501')
      return 'Only staff who signed in with their authenticator code can change content. Sign in again.';
    if (error.code === 'PT404') return 'This item no longer exists (someone may have deleted it).';
    return error.message;
  }
  return error instanceof Error ? error.message : 'Something went wrong.';
}
