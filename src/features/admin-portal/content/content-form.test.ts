import { describe, expect, it } from 'vitest';
import { DataApiError } from '@/lib/supabase/errors';
import { contentSchema, emptyContent, fieldOfServerError, formToPayload } from './content-form';

const filled = (title: string, slug: string) => ({ ...emptyContent('news').en, title, slug, date: '2026-11-27' });

describe('the content form', () => {
  it('sends a French-only news item: English null, no author fields, trimmed text', () => {
    const values = {
      ...emptyContent('news'),
      authorName: 'Ignored',
      en: { ...emptyContent('news').en, enabled: false },
      fr: { ...filled('  Salon à Toronto ', 'salon-toronto'), tag: ' Salon ', authorRole: 'ignored' },
    };
    expect(formToPayload(values, 'id-1')).toEqual({
      id: 'id-1',
      kind: 'news',
      category: null,
      featured: false,
      image: null,
      author_name: null,
      translations: {
        en: null,
        fr: {
          title: 'Salon à Toronto',
          slug: 'salon-toronto',
          excerpt: '',
          body_md: '',
          image_alt: '',
          date: '2026-11-27',
          author_role: null,
          author_bio: null,
          tag: 'Salon',
        },
      },
    });
  });

  it('checks enabled languages only, and asks for at least one', () => {
    const none = {
      ...emptyContent('blog'),
      en: { ...emptyContent('blog').en, enabled: false },
      fr: { ...emptyContent('blog').fr, enabled: false },
    };
    const result = contentSchema.safeParse(none);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['en.enabled']);
    const badSlug = {
      ...emptyContent('blog'),
      en: filled('Title', 'Bad Slug'),
      fr: { ...emptyContent('blog').fr, enabled: false },
    };
    expect(contentSchema.safeParse(badSlug).error?.issues.map((i) => i.path.join('.'))).toEqual(['en.slug']);
  });

  it('refuses invisible control characters with a message on the field; a body keeps its line breaks', () => {
    const withEn = (en: object) => ({
      ...emptyContent('news'),
      en: { ...filled('Olive oil', 'olive-oil'), ...en },
      fr: { ...emptyContent('news').fr, enabled: false },
    });
    const issues = (en: object) =>
      contentSchema.safeParse(withEn(en)).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];
    expect(issues({ title: 'Olive \u0001oil' })).toEqual([
      [
        'en.title',
        'The title holds an invisible control character (often pasted from another program). Retype the text around it or paste it as plain text.',
      ],
    ]);
    expect(issues({ title: 'Olive\toil' }).map(([path]) => path)).toEqual(['en.title']);
    expect(issues({ excerpt: 'About\u000b oil' }).map(([path]) => path)).toEqual(['en.excerpt']);
    expect(issues({ body: 'One\u0008' }).map(([path]) => path)).toEqual(['en.body']);
    expect(issues({ title: 'Huile d’olive — “extra”', body: 'One\n\n\tTwo\r\nThree' })).toEqual([]);
  });

  it('maps the field a refusal names to the form field, or to none', () => {
    const error = (code: string, details: string) => new DataApiError({ code, details, message: 'refused' });
    expect(fieldOfServerError(error('23505', 'en.slug'), 'news')).toEqual({
      field: 'en.slug',
      message: 'This slug is taken: another news item in English uses it. Choose another.',
    });
    expect(fieldOfServerError(error('22001', 'fr.body_md'), 'blog')).toEqual({
      field: 'fr.body',
      message: 'This is too long.',
    });
    expect(fieldOfServerError(error('22023', 'image.path'), 'blog')?.field).toBe('image');
    expect(fieldOfServerError(error('22023', 'author_name'), 'blog')?.field).toBe('authorName');
    expect(fieldOfServerError(error('42501', ''), 'blog')).toBeNull();
    expect(fieldOfServerError(new Error('network'), 'blog')).toBeNull();
  });
});
