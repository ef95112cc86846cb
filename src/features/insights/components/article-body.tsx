/**
 * An article's body: HTML the publish rendered from the post's Markdown and
 * sanitised (src/lib/markdown/render.ts, docs/decisions/162-markdown-rendering.md);
 * nothing here parses or renders Markdown. Its headings sit under the page's
 * h1; `.article-body` (src/styles.css) styles the elements and keeps images
 * within the column without a layout jump.
 */
export function ArticleBody({ html }: { html: string }) {
  // The HTML comes from the sanitiser only (no raw HTML, scripts, handlers or foreign images).
  return <div className="article-body text-lg leading-relaxed text-ink" dangerouslySetInnerHTML={{ __html: html }} />;
}
