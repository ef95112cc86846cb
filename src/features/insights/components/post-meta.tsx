import { formatDate } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import type { PostCard } from '@/lib/content/site-content';

/** Author, date and read time of a post, on one wrapping line. */
export function PostMeta({ post, withAuthor = true }: { post: PostCard; withAuthor?: boolean }) {
  const { t, locale } = useI18n();
  const text = t.insights.blog;
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-ink-muted">
      {withAuthor && post.authorName ? (
        <>
          <span className="font-semibold text-ink">{text.by(post.authorName)}</span>
          <span aria-hidden="true">·</span>
        </>
      ) : null}
      <time dateTime={post.date}>{formatDate(post.date, locale)}</time>
      <span aria-hidden="true">·</span>
      <span>{text.readTime(post.readingMinutes)}</span>
    </p>
  );
}
