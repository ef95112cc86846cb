import { formatDate } from '@/i18n/format';
import { insights as enInsights } from '@/i18n/messages/en/insights';
import { insights as frInsights } from '@/i18n/messages/fr/insights';
import type { ContentKind, ContentLang } from '@/features/admin-portal/content/api/content';

/**
 * The typography of a public article body applied to rendered HTML: the same
 * sizes, colours and spacing as the article page's headings, paragraphs,
 * lists and quotes, so the preview reads like the published page.
 */
export const articleBodyClass = [
  'text-lg leading-relaxed text-ink break-words',
  '[&>:first-child]:mt-0',
  '[&_h2]:mt-12 [&_h2]:font-serif [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-brand-900 sm:[&_h2]:text-3xl',
  '[&_h3]:mt-10 [&_h3]:font-serif [&_h3]:text-xl [&_h3]:font-bold [&_h3]:text-brand-900 sm:[&_h3]:text-2xl',
  '[&_h4]:mt-8 [&_h4]:font-semibold [&_h4]:text-brand-900',
  '[&_p]:mt-5',
  '[&_ul]:mt-5 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:mt-5 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_li]:marker:text-olive-600',
  '[&_blockquote]:my-10 [&_blockquote]:border-l-4 [&_blockquote]:border-olive-600 [&_blockquote]:pl-6 [&_blockquote]:font-serif [&_blockquote]:text-2xl [&_blockquote]:italic [&_blockquote]:leading-snug [&_blockquote]:text-brand-900',
  '[&_a]:font-semibold [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-4',
  '[&_img]:my-8 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-2xl',
  '[&_code]:rounded [&_code]:bg-sand-50 [&_code]:px-1 [&_pre]:mt-5 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-sand-50 [&_pre]:p-4',
  '[&_hr]:my-10 [&_hr]:border-sand-200',
].join(' ');

export type ArticlePreviewProps = {
  kind: ContentKind;
  lang: ContentLang;
  title: string;
  date: string;
  category: string | null;
  tag: string;
  author: { name: string; role: string; bio: string } | null;
  /** `src` undefined while the image loads: its space is kept. */
  image: { src: string | undefined; width: number; height: number; alt: string } | null;
  /** Sanitised HTML from src/lib/markdown/render.ts. */
  bodyHtml: string;
  readingMinutes: number;
  /** The heading level of the title: 1 on the preview page, 2 inside the editor. */
  headingLevel?: 1 | 2;
};

/** An article as the public page lays it out (header band, main image, body, author), in its language. */
export function ArticlePreview(props: ArticlePreviewProps) {
  const { kind, lang, title, date, category, tag, author, image, bodyHtml, readingMinutes, headingLevel = 1 } = props;
  const t = lang === 'fr' ? frInsights : enInsights;
  const categories: Record<string, string> = kind === 'blog' ? t.blog.categories : t.news.categories;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const validDate = /^\d{4}-\d{2}-\d{2}$/.test(date);
  return (
    <article lang={lang}>
      <header className="bg-sand-50">
        <div className="mx-auto max-w-3xl px-4 pb-10 pt-8 sm:px-6">
          {category || tag ? (
            <p className="flex flex-wrap gap-2">
              {category ? (
                <span className="inline-flex items-center rounded-full bg-olive-50 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-olive-800 ring-1 ring-olive-100">
                  {categories[category] ?? category}
                </span>
              ) : null}
              {tag ? (
                <span className="inline-flex items-center rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-brand-800 ring-1 ring-brand-100">
                  {tag}
                </span>
              ) : null}
            </p>
          ) : null}
          <Heading className="mt-4 break-words font-serif text-3xl font-bold leading-tight text-brand-900 sm:text-5xl">
            {title || '(No title yet)'}
          </Heading>
          <p className="mt-6 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink-muted">
            {author?.name ? (
              <>
                <span className="font-semibold text-ink">{t.blog.by(author.name)}</span>
                <span aria-hidden="true">·</span>
              </>
            ) : null}
            {validDate ? <time dateTime={date}>{formatDate(date, lang)}</time> : null}
            <span aria-hidden="true">·</span>
            <span data-testid="reading-time">{t.blog.readTime(readingMinutes)}</span>
          </p>
        </div>
      </header>
      <div className="bg-white">
        <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
          {image && !image.src ? <div className="aspect-[3/2] w-full rounded-2xl bg-sand-100" /> : null}
          {image?.src ? (
            <img
              src={image.src}
              width={image.width}
              height={image.height}
              alt={image.alt}
              decoding="async"
              className="aspect-[3/2] h-auto w-full rounded-2xl object-cover"
            />
          ) : null}
          <div
            className={`${image ? 'mt-10 ' : ''}${articleBodyClass}`}
            // The HTML comes from the sanitising renderer (docs/decisions/162-markdown-rendering.md).
            dangerouslySetInnerHTML={{ __html: bodyHtml }}
          />
          {kind === 'blog' && author?.name ? (
            <aside className="mt-14 rounded-2xl bg-sand-50 p-6 ring-1 ring-sand-200 sm:p-8">
              <p className="text-sm font-semibold uppercase tracking-[0.16em] text-olive-700">
                {t.article.aboutAuthor}
              </p>
              <p className="mt-3 font-serif text-2xl font-bold text-brand-900">{author.name}</p>
              {author.role ? <p className="font-semibold text-olive-700">{author.role}</p> : null}
              {author.bio ? <p className="mt-3 leading-relaxed text-ink-muted">{author.bio}</p> : null}
            </aside>
          ) : null}
        </div>
      </div>
    </article>
  );
}
