/**
 * The portal mail templates (docs/decisions/115-mail-outbox-and-delivery.md):
 * each template exists in English and French as HTML and text, has a subject,
 * carries the conversation link, and shows every value escaped in the HTML;
 * a row that can never be rendered is told apart from a template that could
 * not be read.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  PayloadError,
  renderMail,
  type Language,
  type Template,
} from '../../supabase/functions/deliver-outbox/handler.ts';
import { REPO_ROOT } from '../../supabase/local/db.ts';

const read = (name: string) => readFile(join(REPO_ROOT, 'supabase/templates', name), 'utf8');
const payload = {
  company_name: 'Épicerie <Chloé> & Fils',
  subject: 'Prix "spéciaux"\r\nBcc: someone@example.com',
  author_name: "O'Brien",
  link: '/client/messages?c=1234',
  conversation_id: '1234',
};

describe.each<[Template, Language]>([
  ['new_client_message', 'en'],
  ['new_client_message', 'fr'],
  ['client_reply', 'en'],
  ['client_reply', 'fr'],
])('%s in %s', (template, language) => {
  it('has a one-line subject, the link in both parts and every value escaped in the HTML', async () => {
    const mail = await renderMail(template, language, payload, 'https://www.example.com/', read);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toContain('Prix "spéciaux" Bcc: someone@example.com');
    expect(mail.html).toContain(`<html lang="${language}-CA">`);
    expect(mail.html).toContain('href="https://www.example.com/client/messages?c=1234"');
    expect(mail.text).toContain('https://www.example.com/client/messages?c=1234');
    expect(mail.html).toContain('Épicerie &lt;Chloé&gt; &amp; Fils');
    expect(mail.html).toContain('O&#39;Brien');
    expect(mail.html).toContain('Prix &quot;spéciaux&quot;');
    expect(mail.html).not.toMatch(/<Chloé>|\{\{/);
    expect(mail.text).toContain('Épicerie <Chloé> & Fils');
    expect(mail.text).not.toContain('{{');
  });
});

const orderPayload = {
  company_name: 'Épicerie <Chloé> & Fils',
  order_number: 'OM-000123',
  total: 'CAD 1,234.50',
  requested_date: '2026-12-03',
  changes: 'Huile "vierge" : 10 → 8 caisse(s)\r\nBcc: someone@example.com',
  message: "O'Brien will call you",
  carrier: 'Purolator',
  tracking_number: '<PUR-1234>',
  reason: 'Out of stock & sorry',
  link: '/fr/client/orders/1234',
};

describe.each<[Template, Language, (keyof typeof orderPayload)[]]>([
  ['order_received', 'en', ['total', 'requested_date']],
  ['order_received', 'fr', ['total', 'requested_date']],
  ['order_confirmed', 'en', ['changes', 'message', 'requested_date']],
  ['order_confirmed', 'fr', ['changes', 'message', 'requested_date']],
  ['order_shipped', 'en', ['carrier', 'tracking_number']],
  ['order_shipped', 'fr', ['carrier', 'tracking_number']],
  ['order_cancelled', 'en', ['reason']],
  ['order_cancelled', 'fr', ['reason']],
])('%s in %s', (template, language, fields) => {
  it('names the order in the subject, carries its link and values, every value escaped in the HTML', async () => {
    const mail = await renderMail(template, language, orderPayload, 'https://www.example.com/', read);
    expect(mail.subject).toContain('OM-000123');
    expect(mail.subject).not.toMatch(/[\r\n]|\{\{/);
    expect(mail.html).toContain(`<html lang="${language}-CA">`);
    expect(mail.html).toContain('href="https://www.example.com/fr/client/orders/1234"');
    expect(mail.text).toContain('https://www.example.com/fr/client/orders/1234');
    expect(mail.html).toContain('Épicerie &lt;Chloé&gt; &amp; Fils');
    expect(mail.html).not.toMatch(/<Chloé>|\{\{/);
    expect(mail.text).not.toContain('{{');
    for (const field of fields) {
      const value = orderPayload[field].replace(/[\r\n\t]+/g, ' ');
      expect(mail.text, field).toContain(value);
    }
    if (fields.includes('changes')) {
      expect(mail.html).toContain('Huile &quot;vierge&quot; : 10 → 8 caisse(s) Bcc: someone@example.com');
      expect(mail.html).toContain('O&#39;Brien will call you');
    }
    if (fields.includes('tracking_number')) expect(mail.html).toContain('&lt;PUR-1234&gt;');
  });
});

describe('rows that cannot be rendered', () => {
  it.each(['https://evil.example/phish', '//evil.example/phish', ''])('refuses the link %j', async (link) => {
    await expect(
      renderMail('client_reply', 'en', { ...payload, link }, 'https://www.example.com', read),
    ).rejects.toThrow(PayloadError);
  });

  it('a template that cannot be read is not a payload error (the row is retried)', async () => {
    const missing = () => Promise.reject(new Error('ENOENT'));
    const failure = await renderMail('client_reply', 'en', payload, 'https://www.example.com', missing).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(PayloadError);
  });
});
