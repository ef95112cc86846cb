import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { readingMinutes, renderMarkdown } from '@/lib/markdown/render';
import { contentQueries, type ContentKind, type ContentLang } from '@/features/admin-portal/content/api/content';
import { ArticlePreview } from './article-preview';
import { describeError, LANG_NAME } from '@/features/admin-portal/content/content-form';
import { StatusBadge } from './status-badge';
import { publicArticlePath } from '@/features/admin-portal/content/public-url';
import { useStoredImageSrc } from '@/features/admin-portal/content/stored-image';

/**
 * `/admin-portal/content/:id/preview/:lang`: the saved item as its public
 * page lays it out, for staff only (the portal's guard; drafts are readable
 * only by an admin at aal2), with the address it has or will have on the site
 * (docs/decisions/173-content-preview-in-the-portal.md).
 */
export default function ContentPreviewPage() {
  const { id = '', lang: langParam } = useParams();
  const lang: ContentLang = langParam === 'fr' ? 'fr' : 'en';
  const item = useQuery(contentQueries.one(id));
  const editor = `${paths.adminPortal('content')}/${id}`;
  const data = item.data;
  const t = data?.translations[lang];
  const kind = (data?.item.kind ?? 'news') as ContentKind;
  const other: ContentLang = lang === 'en' ? 'fr' : 'en';
  const imageSrc = useStoredImageSrc(data?.item.image_path);
  return (
    <div className="mx-auto w-full max-w-5xl">
      <PageMeta
        title={`Preview${t ? `: ${t.title}` : ''} | Admin Portal`}
        description="A staff preview of a news item or blog post."
        locale="en"
        path={editor}
        noindex
        alternates={false}
      />
      <div
        className="mb-4 flex flex-col gap-2 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between"
        aria-label="Preview bar"
        role="region"
      >
        <div className="min-w-0 break-words">
          <strong>Staff preview ({LANG_NAME[lang]})</strong>
          {data ? (
            <>
              {' '}
              <StatusBadge status={data.item.status} />
              {t ? (
                <span className="block">
                  {data.item.status === 'published' ? 'On the site at ' : 'Will be on the site at '}
                  <code data-testid="public-path">{publicArticlePath(kind, lang, t.slug)}</code>
                </span>
              ) : null}
            </>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {data?.translations[other] ? (
            <Link to={`${editor}/preview/${other}`} className="font-semibold text-brand-700 underline">
              {LANG_NAME[other]} preview
            </Link>
          ) : null}
          <Link to={editor} className="font-semibold text-brand-700 underline">
            ← Back to the editor
          </Link>
        </div>
      </div>
      {item.isPending ? (
        <p role="status" className="text-ink-muted">
          Loading the preview…
        </p>
      ) : null}
      {item.error ? (
        <p role="alert" className="text-danger">
          The item could not be loaded: {describeError(item.error)}
        </p>
      ) : null}
      {item.isSuccess && !t ? (
        <h1 className="text-2xl font-semibold text-ink">
          {data
            ? `This item has no ${LANG_NAME[lang]} version: it is not on the ${LANG_NAME[lang]} pages.`
            : 'There is no such item.'}
        </h1>
      ) : null}
      {data && t ? (
        <div className="overflow-hidden rounded-lg ring-1 ring-sand-200">
          <ArticlePreview
            kind={kind}
            lang={lang}
            title={t.title}
            date={t.date}
            category={data.item.category}
            tag={t.tag ?? ''}
            author={
              kind === 'blog' && data.item.author_name
                ? { name: data.item.author_name, role: t.author_role ?? '', bio: t.author_bio ?? '' }
                : null
            }
            image={
              data.item.image_path && data.item.image_width && data.item.image_height
                ? {
                    src: imageSrc,
                    width: data.item.image_width,
                    height: data.item.image_height,
                    alt: t.image_alt,
                  }
                : null
            }
            bodyHtml={renderMarkdown(t.body_md, { storageOrigin: env.supabaseUrl, siteOrigin: window.location.origin })}
            readingMinutes={readingMinutes(t.body_md)}
          />
        </div>
      ) : null}
    </div>
  );
}
