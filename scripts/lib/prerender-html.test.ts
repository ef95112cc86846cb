import { describe, expect, it } from 'vitest';
import {
  headKey,
  inlineStylesheets,
  linkedStylesheets,
  renderDocument,
  renderShell,
  splitHoisted,
  withoutDefaults,
} from './prerender-html.ts';
import { serializePageContent, type PageContent } from '../../src/lib/content/site-content.ts';

const TEMPLATE = `<!doctype html>
<html lang="en-CA">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="Default description" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>Default title</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-def.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const MARKUP =
  '<title>Politique | Olea</title><meta name="description" content="Une $& page"/><link rel="canonical" href="https://x.example/fr/privacy"/>' +
  '<link rel="alternate" hrefLang="fr-CA" href="https://x.example/fr/privacy"/><!--$--><main><h1>Confidentialité $1</h1></main><!--/$-->';

describe('prerendered documents', () => {
  it('splits the tags React hoists from the body markup', () => {
    const { head, body } = splitHoisted(MARKUP);
    expect(head).toHaveLength(4);
    expect(head[0]).toBe('<title>Politique | Olea</title>');
    expect(body).toBe('<!--$--><main><h1>Confidentialité $1</h1></main><!--/$-->');
  });

  it('keys head tags so a page replaces the defaults it overrides and keeps the rest', () => {
    expect(headKey('<meta name="Description" content="x">')).toBe('meta:description');
    expect(headKey('<meta property="og:title" content="x"/>')).toBe('meta:og:title');
    expect(headKey('<link rel="alternate" hrefLang="fr-CA" href="x"/>')).toBe('link:alternate:fr-ca');
    expect(headKey('<link rel="modulepreload" href="x">')).toBeNull();
    const head = withoutDefaults(TEMPLATE, ['<title>x</title>', '<meta name="description" content="y"/>']);
    expect(head).not.toContain('Default title');
    expect(head).not.toContain('Default description');
    expect(head).toContain('rel="icon"');
  });

  it('writes the page: its language, its own head tags once, its markup marked for hydration', () => {
    const html = renderDocument({ template: TEMPLATE, markup: MARKUP, locale: 'fr' });
    expect(html).toContain('<html lang="fr-CA">');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Politique | Olea</title>');
    expect(html.match(/name="description"/g)).toHaveLength(1);
    // "$&" and "$1" in the markup are text, not replacement patterns.
    expect(html).toContain('content="Une $& page"');
    expect(html).toContain(
      '<div id="root" data-prerendered="fr"><!--$--><main><h1>Confidentialité $1</h1></main><!--/$--></div>',
    );
    const head = html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
    expect(head).toContain('rel="canonical"');
    expect(head.indexOf('charset')).toBeLessThan(head.indexOf('<title>'));
    expect(head.indexOf('<title>')).toBeLessThan(head.indexOf('<script'));
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it("inlines the page's critical CSS in its head, before the scripts", () => {
    const html = renderDocument({
      template: TEMPLATE.replace(/\s*<link rel="stylesheet"[^>]*>/, ''),
      markup: MARKUP,
      locale: 'en',
      css: 'main{color:red}',
    });
    const head = html.slice(html.indexOf('<head>'), html.indexOf('</head>'));
    expect(head).toContain('<style>main{color:red}</style>');
    expect(head.indexOf('<style>')).toBeLessThan(head.indexOf('<script'));
    expect(() =>
      renderDocument({ template: TEMPLATE, markup: MARKUP, locale: 'en', css: 'a{}</style><script>' }),
    ).toThrow();
  });

  it('carries the flags the markup was rendered with on the root element, and nothing that could break out of it', () => {
    const html = renderDocument({ template: TEMPLATE, markup: MARKUP, locale: 'en', flags: 'teams,products' });
    expect(html).toContain('<div id="root" data-prerendered="en" data-flags="teams,products">');
    const hostile = renderDocument({ template: TEMPLATE, markup: MARKUP, locale: 'en', flags: 'teams"><script>' });
    expect(hostile).toContain('data-flags="teamsscript"');
  });

  it('names the chunks the page needs before hydrating on the root element, for the boot script, and only plain names', () => {
    const html = renderDocument({
      template: TEMPLATE,
      markup: MARKUP,
      locale: 'fr',
      flags: 'teams',
      chunks: ['sessionLayout', 'clientLogin'],
    });
    expect(html).toContain(
      '<div id="root" data-prerendered="fr" data-flags="teams" data-page-chunks="sessionLayout clientLogin">',
    );
    expect(renderDocument({ template: TEMPLATE, markup: MARKUP, locale: 'en', chunks: [] })).not.toContain(
      'data-page-chunks',
    );
    const hostile = renderDocument({ template: TEMPLATE, markup: MARKUP, locale: 'en', chunks: ['a"><script>', ''] });
    expect(hostile).toContain('data-page-chunks="ascript"');
  });

  it('inlines a stylesheet linked from the template so the first paint needs no second request', () => {
    expect(linkedStylesheets(TEMPLATE)).toEqual(['/assets/index-def.css']);
    const inlined = inlineStylesheets(TEMPLATE, new Map([['/assets/index-def.css', 'body{color:red}\n']]));
    expect(inlined).toContain('<style>body{color:red}</style>');
    expect(inlined).not.toContain('rel="stylesheet"');
    // CSS that would close the element stays a link.
    const unsafe = inlineStylesheets(TEMPLATE, new Map([['/assets/index-def.css', 'a{content:"</style><script>"}']]));
    expect(unsafe).toContain('rel="stylesheet"');
  });

  it('carries the page content as a JSON data block after the root that no title can close', () => {
    const hostile = '</script><script>alert(1)</script><!-- & \u2028';
    const content: PageContent = {
      path: '/insights/blog',
      page: 'blog',
      posts: [
        {
          id: '1',
          slug: 'x',
          title: hostile,
          excerpt: '',
          date: '2026-11-01',
          category: null,
          featured: false,
          image: null,
          authorName: '',
          readingMinutes: 1,
        },
      ],
    };
    const html = renderDocument({
      template: TEMPLATE,
      markup: '<main></main>',
      locale: 'en',
      pageContent: serializePageContent(content),
    });
    const block = /<\/div>\s*<script type="application\/json" id="page-content">([\s\S]*?)<\/script>/.exec(html);
    expect(block?.[1]).toBeDefined();
    expect(block![1]).not.toMatch(/<|>|&/);
    expect((JSON.parse(block![1]!) as PageContent).page).toBe('blog');
    expect(JSON.parse(block![1]!)).toEqual(content);
    // No executable script but the template's.
    expect(html.match(/<script\b(?![^>]*type="application\/json")[^>]*>/g)?.every((tag) => tag.includes('src='))).toBe(
      true,
    );
  });

  it('refuses a template without an empty root', () => {
    expect(() =>
      renderDocument({ template: '<html><head></head><body></body></html>', markup: '', locale: 'en' }),
    ).toThrow(/root/);
  });

  it('leaves the SPA shell empty, in English, with the default head', () => {
    const shell = renderShell(TEMPLATE.replace('lang="en-CA"', 'lang="xx"'));
    expect(shell).toContain('<html lang="en-CA">');
    expect(shell).toContain('<div id="root"></div>');
    expect(shell).toContain('Default title');
  });
});
