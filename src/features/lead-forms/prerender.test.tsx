import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { expect, it } from 'vitest';
import B2BRequestForm from '@/features/lead-forms/components/b2b-request-form';
import ContactForm from '@/features/lead-forms/components/contact-form';
import { I18nProvider } from '@/i18n/i18n';
import { createTestQueryClient } from '@tests/support/render';

// Public pages are prerendered: before React owns the form in the browser its
// fields can be filled in (the component adopts what was typed), but it cannot
// be sent: a native submission would bypass validation and the lead store.
it.each([
  ['contact', <ContactForm key="c" />],
  ['B2B request', <B2BRequestForm key="b" />],
])('the prerendered %s form can be filled in but not sent until hydrated', (_name, form) => {
  const html = renderToString(
    <QueryClientProvider client={createTestQueryClient()}>
      <StaticRouter location="/fr">
        <I18nProvider locale="fr">{form}</I18nProvider>
      </StaticRouter>
    </QueryClientProvider>,
  );
  expect(html).toMatch(/<fieldset class=/);
  expect(html).not.toMatch(/<fieldset[^>]*disabled/);
  expect(html).toMatch(/<form[^>]*method="post"/);
  expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
  // French on /fr, even when rendered on the server.
  expect(html).toContain('Prénom');
});
