/**
 * The Markdown renderer in Node, as the build uses it: the same cases and the
 * same output as in the browser (src/lib/markdown/render.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/lib/markdown/render.ts';
import { CASE_OPTIONS, RENDER_CASES } from '../../src/lib/markdown/render.cases.ts';

describe('renderMarkdown in Node', () => {
  it('runs without a DOM here', () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
  });

  for (const { name, input, html } of RENDER_CASES) {
    it(name, () => {
      expect(renderMarkdown(input, CASE_OPTIONS)).toBe(html);
    });
  }
});
