import { describe, expect, it } from 'vitest';
import { localizePath, stripLocale, switchLanguageHref } from './paths';

/** What a browser would make of an href on this site: another origin means the link leaves it. */
function leavesSite(href: string): boolean {
  return new URL(href, 'https://site.example/fr/page').origin !== 'https://site.example';
}

describe('the language link', () => {
  it('is the same page in the other language, keeping query and hash', () => {
    expect(switchLanguageHref('/fr/privacy', '?a=1', '#x')).toBe('/privacy?a=1#x');
    expect(switchLanguageHref('/privacy')).toBe('/fr/privacy');
    expect(switchLanguageHref('/fr')).toBe('/');
    expect(switchLanguageHref('/')).toBe('/fr');
  });

  it.each([
    '/fr//evil.example/phish',
    '/fr///evil.example/phish',
    '/fr/\\evil.example/phish',
    '/fr/\\\\evil.example',
    '/fr//\\evil.example',
    '//evil.example/phish',
    '/\\evil.example',
  ])('never points off the site, whatever the URL it was opened at (%s)', (pathname) => {
    const href = switchLanguageHref(pathname, '?q=1', '#h');
    expect(leavesSite(href), href).toBe(false);
    expect(href).toMatch(/^\/(?![/\\])/);
  });

  it('gives every path one leading slash', () => {
    expect(stripLocale('/fr//evil.example/phish')).toBe('/evil.example/phish');
    expect(stripLocale('/fr')).toBe('/');
    expect(stripLocale('')).toBe('/');
    expect(localizePath('//evil.example', 'fr')).toBe('/fr/evil.example');
  });
});
