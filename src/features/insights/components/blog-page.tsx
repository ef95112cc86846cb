import { Link } from 'react-router';
import { routePath } from '@/config/paths';
import { useI18n } from '@/i18n/i18n';
import type { PostCard as Post } from '@/lib/content/site-content';
import { usePageContent } from '@/lib/content/use-page-content';
import { Badge } from './badge';
import { PostMeta } from './post-meta';
import { PageTop } from './page-top';
import { ContentImage, stretchedLinkClass } from './content-image';
import { FeedLink } from './feed-link';

/**
 * Blog list: the featured article, then the latest articles, each linking to
 * its own page (docs/decisions/005-every-blog-post-has-its-article.md); the
 * published posts of the page's language, as the last publish prerendered them
 * (docs/decisions/165-published-content-on-the-site.md).
 */
export default function BlogPage() {
  const { t } = useI18n();
  const posts = usePageContent('blog')?.posts ?? [];
  const text = t.insights.blog;
  const featured = posts.find((post) => post.featured) ?? posts[0];
  const latest = posts.filter((post) => post !== featured);

  return (
    <>
      <FeedLink />
      <PageTop page="blog" title={text.title} underInsights />
      <div className="bg-white">
        <div className="mx-auto max-w-content px-4 py-14 sm:px-6">
          {featured ? <FeaturedPost post={featured} /> : null}
          {latest.length > 0 ? (
            <section aria-labelledby="latest-heading" className="mt-16">
              <h2 id="latest-heading" className="font-serif text-3xl font-bold text-brand-900">
                {text.latest}
              </h2>
              <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
                {latest.map((post) => (
                  <li key={post.id}>
                    <PostCard post={post} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      </div>
    </>
  );
}

function FeaturedPost({ post }: { post: Post }) {
  const { t, locale } = useI18n();
  const text = t.insights.blog;
  return (
    <section aria-labelledby="featured-heading">
      <h2 id="featured-heading" className="sr-only">
        {text.featured}
      </h2>
      <article className="relative grid overflow-hidden rounded-2xl bg-sand-50 ring-1 ring-sand-200 lg:grid-cols-2">
        {post.image ? (
          <ContentImage image={post.image} lazy={false} className="aspect-[3/2] h-full w-full object-cover" />
        ) : null}
        <div className="flex flex-col justify-center p-6 sm:p-10">
          <p className="flex flex-wrap gap-2">
            <Badge tone="brand">{text.featured}</Badge>
            {post.category ? <Badge>{text.categories[post.category]}</Badge> : null}
          </p>
          <h3 className="mt-5 font-serif text-3xl font-bold leading-tight text-brand-900">
            <Link to={routePath('article', locale, { slug: post.slug })} className={stretchedLinkClass}>
              {post.title}
            </Link>
          </h3>
          <p className="mt-4 text-lg leading-relaxed text-ink-muted">{post.excerpt}</p>
          <div className="mt-6">
            <PostMeta post={post} />
          </div>
          <p aria-hidden="true" className="mt-6 font-semibold text-brand-700">
            {text.readArticle} →
          </p>
        </div>
      </article>
    </section>
  );
}

function PostCard({ post }: { post: Post }) {
  const { t, locale } = useI18n();
  const text = t.insights.blog;
  return (
    <article
      data-testid="post-card"
      className="relative flex h-full flex-col overflow-hidden rounded-2xl bg-sand-50 ring-1 ring-sand-200 transition-shadow hover:shadow-lg"
    >
      {post.image ? <ContentImage image={post.image} className="aspect-[3/2] w-full object-cover" /> : null}
      <div className="flex flex-1 flex-col p-6">
        {post.category ? (
          <p>
            <Badge>{text.categories[post.category]}</Badge>
          </p>
        ) : null}
        <h3 className="mt-4 font-serif text-xl font-bold leading-snug text-brand-900">
          <Link to={routePath('article', locale, { slug: post.slug })} className={stretchedLinkClass}>
            {post.title}
          </Link>
        </h3>
        <p className="mt-3 flex-1 leading-relaxed text-ink-muted">{post.excerpt}</p>
        <div className="mt-5">
          <PostMeta post={post} />
        </div>
      </div>
    </article>
  );
}
