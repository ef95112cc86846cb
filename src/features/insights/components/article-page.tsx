import { Link, useLocation } from 'react-router';
import { NotFoundView } from '@/components/not-found-view';
import { PageMeta } from '@/components/page-meta';
import { routePath } from '@/config/paths';
import { site } from '@/config/site';
import { useI18n } from '@/i18n/i18n';
import { usePageContent } from '@/lib/content/use-page-content';
import { ArticleBody } from './article-body';
import { Badge } from './badge';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { PostMeta } from './post-meta';
import { ShareButton } from './share-button';
import { ContentImage } from './content-image';

/**
 * One blog article (docs/decisions/005-every-blog-post-has-its-article.md):
 * each published post has its own prerendered page in each language it is
 * published in, its body rendered to sanitised HTML at publish time
 * (docs/decisions/165-published-content-on-the-site.md); any other slug is the
 * 404 page.
 */
export default function ArticlePage() {
  const { t, locale } = useI18n();
  const { pathname } = useLocation();
  const post = usePageContent('article')?.article;
  if (!post) return <NotFoundView />;

  const text = t.insights.article;
  const crumbs = t.insights.crumbs;
  // Only a translated post has a page in the other language, maybe under another slug.
  const hasAlternate = Boolean(post.paths.en && post.paths.fr);

  return (
    <article>
      <PageMeta
        title={`${post.title} | ${site.name}`}
        description={post.excerpt}
        locale={locale}
        path={pathname}
        alternates={hasAlternate ? post.paths : false}
      />
      <header className="bg-sand-50">
        <div className="mx-auto max-w-3xl px-4 pb-12 pt-10 sm:px-6 md:pt-14">
          <Breadcrumbs
            crumbs={[
              { label: crumbs.home, to: routePath('home', locale) },
              { label: crumbs.insights },
              { label: t.insights.blog.title, to: routePath('blog', locale) },
              { label: post.title },
            ]}
          />
          {post.category ? (
            <p className="mt-8">
              <Badge>{t.insights.blog.categories[post.category]}</Badge>
            </p>
          ) : null}
          <h1 className="mt-4 font-serif text-4xl font-bold leading-tight text-brand-900 sm:text-5xl">{post.title}</h1>
          <div className="mt-6 flex flex-col gap-5 sm:flex-row sm:items-start sm:justify-between">
            <PostMeta post={post} />
            <ShareButton title={post.title} url={() => `${window.location.origin}${pathname}`} />
          </div>
        </div>
      </header>
      <div className="bg-white">
        <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
          {post.image ? (
            <ContentImage
              image={post.image}
              lazy={false}
              priority
              className="mb-10 aspect-[3/2] w-full rounded-2xl object-cover"
            />
          ) : null}
          <ArticleBody html={post.bodyHtml} />
          {post.authorName ? (
            <aside
              aria-labelledby="author-heading"
              className="mt-14 rounded-2xl bg-sand-50 p-6 ring-1 ring-sand-200 sm:p-8"
            >
              <h2 id="author-heading" className="text-sm font-semibold uppercase tracking-[0.16em] text-olive-700">
                {text.aboutAuthor}
              </h2>
              <p className="mt-3 font-serif text-2xl font-bold text-brand-900">{post.authorName}</p>
              {post.authorRole ? <p className="font-semibold text-olive-700">{post.authorRole}</p> : null}
              {post.authorBio ? <p className="mt-3 leading-relaxed text-ink-muted">{post.authorBio}</p> : null}
            </aside>
          ) : null}
          <p className="mt-10">
            <Link to={routePath('blog', locale)} className="font-semibold text-brand-700 underline underline-offset-4">
              ← {text.backToBlog}
            </Link>
          </p>
        </div>
      </div>
    </article>
  );
}
