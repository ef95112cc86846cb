import { describe, expect, it } from 'vitest';
import { classesIn, criticalCss, selectorClasses } from './critical-css.ts';

const CSS = [
  '*,:after,:before{box-sizing:border-box}',
  'html{line-height:1.5}',
  '.hidden{display:none}',
  '.p-4{padding:1rem}',
  '.text-brand-700{color:#174771}',
  '.hover\\:text-brand-900:hover{color:#0b2540}',
  '.group:hover .group-hover\\:underline{text-decoration:underline}',
  '.aria-\\[invalid\\=true\\]\\:border-danger[aria-invalid=true]{border-color:#b42318}',
  '.tracking-\\[0\\.18em\\]{letter-spacing:.18em}',
  '.w-1\\/2{width:50%}',
  '.\\32xl\\:p-8{padding:2rem}',
  '.space-x-4>:not([hidden])~:not([hidden]){margin-left:1rem}',
  '.animate-pulse{animation:pulse 2s infinite}',
  '@keyframes pulse{50%{opacity:.5}}',
  '@media (min-width:768px){.md\\:p-8{padding:2rem}.md\\:flex{display:flex}}',
  'a[href$=".pdf"]{color:red}',
  '.dialog-open .dialog{display:block}',
].join('\n');

describe('critical CSS', () => {
  it('reads the classes of the markup and of selectors, escapes included', () => {
    expect([...classesIn('<div class="p-4 md:p-8"><p class=\'w-1/2\'>x</p></div>')]).toEqual([
      'p-4',
      'md:p-8',
      'w-1/2',
    ]);
    expect(selectorClasses('.aria-\\[invalid\\=true\\]\\:border-danger[aria-invalid=true]')).toEqual([
      'aria-[invalid=true]:border-danger',
    ]);
    expect(selectorClasses('.\\32xl\\:p-8')).toEqual(['2xl:p-8']);
    expect(selectorClasses('a[href$=".pdf"]')).toEqual([]);
  });

  it('keeps the rules the page can use, in their order, and drops the rest', () => {
    const html =
      '<main class="p-4 md:p-8 group"><a class="text-brand-700 hover:text-brand-900 group-hover:underline tracking-[0.18em]" href="x.pdf">x</a>' +
      '<input class="aria-[invalid=true]:border-danger"><div class="w-1/2 2xl:p-8 space-x-4 animate-pulse"></div></main>';
    const css = criticalCss(CSS, html);
    for (const kept of [
      '*,:after,:before{box-sizing:border-box}',
      'html{line-height:1.5}',
      '.p-4{',
      '.hover\\:text-brand-900:hover{',
      '.group:hover .group-hover\\:underline{',
      '.aria-\\[invalid\\=true\\]\\:border-danger[aria-invalid=true]{',
      '.tracking-\\[0\\.18em\\]{',
      '.w-1\\/2{',
      '.\\32xl\\:p-8{',
      '.space-x-4>:not([hidden])',
      '@keyframes pulse',
      '.md\\:p-8{',
      'a[href$=".pdf"]',
    ]) {
      expect(css, kept).toContain(kept);
    }
    for (const dropped of ['.hidden{', '.md\\:flex', '.dialog-open']) expect(css, dropped).not.toContain(dropped);
    expect(css.indexOf('.p-4{')).toBeLessThan(css.indexOf('.text-brand-700{'));
    expect(css.indexOf('.text-brand-700{')).toBeLessThan(css.indexOf('@media'));
  });

  it('drops a media query whose rules all go, keeps base rules for a page with no classes', () => {
    const css = criticalCss(CSS, '<div></div>');
    expect(css).not.toContain('@media');
    expect(css).toContain('html{line-height:1.5}');
  });
});
