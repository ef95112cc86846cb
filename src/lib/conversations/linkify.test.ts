import { describe, expect, it } from 'vitest';
import { linkify, safeHref } from './linkify';

const links = (body: string) => linkify(body).filter((s) => s.kind === 'link');

describe('linkify', () => {
  it('makes http and https addresses links and keeps the rest as text', () => {
    const body = 'See https://example.com/a?b=1 and http://example.org.';
    expect(linkify(body)).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://example.org', href: 'http://example.org/' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('never makes a link of javascript:, data:, vbscript: or file: addresses', () => {
    for (const body of [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      'click javascript://example.com/%0aalert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      '<a href="javascript:alert(1)">x</a>',
    ]) {
      expect(links(body)).toEqual([]);
      expect(
        linkify(body)
          .map((s) => s.text)
          .join(''),
      ).toBe(body);
    }
  });

  it('a javascript: address that contains http:// only links the http part, whose target is http', () => {
    const found = links('javascript:alert(1)//http://evil.example/');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ href: 'http://evil.example/' });
  });

  it('stops at quotes and angle brackets, so markup in a message is never an address', () => {
    expect(links('<img src="https://x.example/a.png" onerror="alert(1)">').map((s) => s.text)).toEqual([
      'https://x.example/a.png',
    ]);
  });

  it('keeps a closing parenthesis that belongs to the address and drops sentence punctuation', () => {
    expect(links('(see https://en.wikipedia.org/wiki/Oil_(disambiguation)).').map((s) => s.text)).toEqual([
      'https://en.wikipedia.org/wiki/Oil_(disambiguation)',
    ]);
    expect(links('Voir « https://exemple.ca/prix ».').map((s) => s.text)).toEqual(['https://exemple.ca/prix']);
  });

  it('gives the text back unchanged, line breaks included', () => {
    const body = 'Bonjour,\n\nle lien : https://exemple.ca\nMerci';
    expect(
      linkify(body)
        .map((s) => s.text)
        .join(''),
    ).toBe(body);
  });

  it('safeHref accepts only http(s) with a host', () => {
    expect(safeHref('https://example.com')).toBe('https://example.com/');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('http://')).toBeNull();
    expect(safeHref('not a url')).toBeNull();
  });
});
