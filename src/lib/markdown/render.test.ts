/**
 * The Markdown renderer in the browser (this project's tests run in jsdom),
 * as the editor's preview uses it; tests/node/markdown-render.test.ts holds
 * Node, as the build uses it, to the same cases and output.
 */
import { describe, expect, it } from 'vitest';
import { markdownToPlainText, readingMinutes, renderMarkdown } from './render.ts';
import { CASE_OPTIONS, RENDER_CASES } from './render.cases.ts';

/** Every tag of the output with its attribute names. */
function tagsOf(html: string): { tag: string; attributes: string[] }[] {
  return [...html.matchAll(/<([a-z0-9]+)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*\/?>/gi)].map((match) => ({
    tag: (match[1] ?? '').toLowerCase(),
    attributes: [...(match[2] ?? '').matchAll(/([^\s=]+)=/g)].map((attribute) => attribute[1] ?? ''),
  }));
}

const ALLOWED: Record<string, string[]> = {
  h2: [],
  h3: [],
  h4: [],
  p: [],
  br: [],
  hr: [],
  ul: [],
  ol: ['start'],
  li: [],
  blockquote: [],
  strong: [],
  em: [],
  code: [],
  pre: [],
  a: ['href', 'rel'],
  img: ['src', 'alt'],
};

describe('renderMarkdown in the browser', () => {
  it('runs in a DOM environment here', () => {
    expect(typeof window).toBe('object');
  });

  for (const { name, input, html } of RENDER_CASES) {
    it(name, () => {
      const output = renderMarkdown(input, CASE_OPTIONS);
      expect(output).toBe(html);
      for (const { tag, attributes } of tagsOf(output)) {
        expect(Object.keys(ALLOWED), tag).toContain(tag);
        for (const attribute of attributes) expect(ALLOWED[tag], `${tag} ${attribute}`).toContain(attribute);
      }
      for (const [, url] of output.matchAll(/(?:href|src)="([^"]*)"/g)) {
        expect(url).toMatch(/^(https?:\/\/|mailto:|\/(?!\/))/);
      }
    });
  }

  it('puts the rendered HTML into a document without running anything or adding handlers', () => {
    const container = document.createElement('div');
    container.innerHTML = RENDER_CASES.map((c) => renderMarkdown(c.input, CASE_OPTIONS)).join('\n');
    expect(container.querySelectorAll('script, iframe, svg, style, object, embed')).toHaveLength(0);
    for (const element of container.querySelectorAll('*')) {
      for (const attribute of element.getAttributeNames()) expect(attribute).not.toMatch(/^on|^style$/);
    }
    for (const link of container.querySelectorAll('a')) {
      const external =
        /^https?:/.test(link.getAttribute('href') ?? '') && !link.href.startsWith('https://olea.example');
      expect(link.getAttribute('rel')).toBe(external ? 'noopener noreferrer' : null);
      expect(link.hasAttribute('target')).toBe(false);
    }
  });

  it('keeps only site images without a storage origin', () => {
    expect(renderMarkdown('![a](https://abc.supabase.co/storage/v1/object/public/content-images/a.webp)')).toBe('');
    expect(renderMarkdown('![a](/images/a.png)')).toBe('<p><img src="/images/a.png" alt="a" /></p>');
  });

  it('gives plain text and the reading time', () => {
    expect(markdownToPlainText('## Title\n\nSome **bold** & [link](https://a.example).\n\n- one\n- two')).toBe(
      'Title Some bold & link. one two',
    );
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes('word '.repeat(200))).toBe(1);
    expect(readingMinutes('word '.repeat(201))).toBe(2);
  });
});
