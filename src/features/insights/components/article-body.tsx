import type { RichBlock } from '@/content/types';

/** An article's structured body as elements (never an HTML string, so content cannot inject markup). Its headings sit under the page's h1. */
export function ArticleBody({ blocks }: { blocks: readonly RichBlock[] }) {
  return (
    <>
      {blocks.map((block, i) => {
        switch (block.type) {
          case 'heading':
            return (
              <h2 key={i} className="mt-12 font-serif text-2xl font-bold text-brand-900 sm:text-3xl">
                {block.text}
              </h2>
            );
          case 'list':
            return (
              <ul key={i} className="mt-5 list-disc space-y-2 pl-6 marker:text-olive-600">
                {block.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            );
          case 'quote':
            return (
              <figure key={i} className="my-10 border-l-4 border-olive-600 pl-6">
                <blockquote className="font-serif text-2xl italic leading-snug text-brand-900">{block.text}</blockquote>
                {block.cite ? <figcaption className="mt-3 text-base text-ink-muted">{block.cite}</figcaption> : null}
              </figure>
            );
          default:
            return (
              <p key={i} className="mt-5 first:mt-0">
                {block.text}
              </p>
            );
        }
      })}
    </>
  );
}
