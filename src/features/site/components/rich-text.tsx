import type { RichBlock } from '@/content/types';

/** Structured content as elements (never HTML strings, so content cannot inject markup). `headingLevel` is the level of in-body headings. */
export function RichText({ blocks, headingLevel = 3 }: { blocks: readonly RichBlock[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <>
      {blocks.map((block, i) => {
        switch (block.type) {
          case 'heading':
            return (
              <Heading key={i} className="mt-10 font-serif text-2xl font-bold text-brand-900">
                {block.text}
              </Heading>
            );
          case 'list':
            return (
              <ul key={i} className="mt-4 list-disc space-y-2 pl-6 marker:text-olive-600">
                {block.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            );
          case 'quote':
            return (
              <figure key={i} className="my-8 border-l-4 border-olive-600 pl-5">
                <blockquote className="font-serif text-xl italic leading-snug text-brand-900">{block.text}</blockquote>
                {block.cite ? <figcaption className="mt-2 text-sm text-ink-muted">{block.cite}</figcaption> : null}
              </figure>
            );
          default:
            return (
              <p key={i} className="mt-4">
                {block.text}
              </p>
            );
        }
      })}
    </>
  );
}
