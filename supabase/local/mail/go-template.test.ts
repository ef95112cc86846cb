import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadAuthConfig } from '../config.ts';
import { compileGoTemplate } from './go-template.ts';
import { renderMail } from './mailer.ts';

const variables = (locale: unknown) => ({
  SiteURL: 'http://localhost:4173',
  ConfirmationURL: 'http://127.0.0.1:54321/auth/v1/verify?token=abc&type=signup',
  Email: 'ana@example.com',
  NewEmail: 'new@example.com',
  Token: '123456',
  TokenHash: 'abc123',
  Data: locale === undefined ? { first_name: 'Ana' } : { first_name: 'Ana', locale },
  RedirectTo: 'http://localhost:4173/fr/client/confirm',
});

describe('Go template subset', () => {
  it('renders values, if/else if/else, eq/ne/and/or/not and trims', () => {
    const template = compileGoTemplate(
      '{{- /* note */ -}} A{{ if eq .Data.x "1" }}one{{ else if and .Data.y (not .Data.z) }}two{{ else }}three{{ end }} {{ .Name }}',
      { html: true },
    );
    expect(template.render({ Data: { x: '1' }, Name: '<b>' })).toBe('Aone &lt;b&gt;');
    expect(template.render({ Data: { y: true }, Name: '' })).toBe('Atwo ');
    expect(template.render({ Data: {}, Name: 'n' })).toBe('Athree n');
    expect(
      compileGoTemplate('{{ if ne .A "x" }}y{{ end }}{{ if or .B .C }}z{{ end }}', { html: true }).render({
        A: 'q',
        C: 1,
      }),
    ).toBe('yz');
  });

  it('refuses what it does not understand rather than rendering it differently', () => {
    expect(() => compileGoTemplate('{{ range .Items }}x{{ end }}', { html: true })).toThrow();
    expect(() => compileGoTemplate('{{ if .A }}x', { html: true })).toThrow(/missing/);
    expect(() => compileGoTemplate('{{ printf "%s" .A }}', { html: true })).toThrow();
  });
});

describe('the repository auth templates', () => {
  const config = loadAuthConfig();

  for (const kind of ['confirmation', 'recovery', 'email_change'] as const) {
    it(`${kind}: French for locale fr, English otherwise, link with token_hash to RedirectTo`, () => {
      const french = renderMail(config, kind, variables('fr'));
      const english = renderMail(config, kind, variables('en'));
      const none = renderMail(config, kind, variables(undefined));
      expect(french.html).toContain('lang="fr-CA"');
      expect(english.html).toContain('lang="en-CA"');
      expect(none).toEqual(english);
      expect(french.subject).not.toBe(english.subject);
      for (const mail of [french, english]) {
        expect(mail.html).toContain('href="http://localhost:4173/fr/client/confirm?token_hash=abc123&type=');
        // The GET /verify link (which a prefetching scanner could use up) is not in the mail.
        expect(mail.html).not.toContain('/auth/v1/verify');
      }
    });
  }

  it('config.toml points at files in supabase/templates', () => {
    for (const template of Object.values(config.templates)) {
      expect(template.contentPath).toMatch(/supabase\/templates\/[a-z_]+\.html$/);
      expect(readFileSync(template.contentPath, 'utf8').length).toBeGreaterThan(100);
    }
  });
});
