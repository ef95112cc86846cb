/**
 * Both lead forms end to end, in both languages: the lead stored in the
 * database and sent to HubSpot with the consent the visitor gave (the
 * requests captured and checked), received even when HubSpot fails, kept in
 * the form when both fail, spam stored but never sent, and HubSpot's
 * refusals shown next to the field to fix (docs/decisions/080-leads-stored-before-hubspot.md),
 * and a lead whose tab closed before HubSpot answered delivered once by the
 * server (docs/decisions/188-leads-delivered-by-the-server-when-the-tab-closes.md).
 */
import type { Page } from '@playwright/test';
import { E2E_SITE_URL } from '../scripts/lib/ports.ts';
import { answerCookieBanner } from './support/cookie-consent.ts';
import { axeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import {
  b2bFields,
  b2bValues,
  bodyOf,
  contactFields,
  contactValues,
  deliverFromServer,
  expectedConsent,
  expectReceived,
  expectValues,
  fill,
  humanPause,
  installClock,
  sendAtOnce,
  isSubmission,
  openB2BForm,
  openContactForm,
  openForm,
  prefix,
  resetLeadThrottle,
  SCRIPT_URL,
  STORE_URL,
  storedLead,
  storedSubmission,
  storedSubmissions,
  SUBMIT_URL,
  text,
  unique,
  type FormKind,
  type Locale,
} from './support/lead-forms.ts';

test.beforeEach(async ({ page }) => {
  await resetLeadThrottle();
  await installClock(page);
});

const FORMS = ['contact', 'b2b'] as const satisfies readonly FormKind[];
const LOCALES = ['en', 'fr'] as const satisfies readonly Locale[];
const formIds: Record<FormKind, string> = { contact: 'local-contact-form', b2b: 'local-b2b-form' };

for (const locale of LOCALES) {
  test(`contact form: stores and sends the lead without marketing consent, and thanks the visitor (${locale})`, async ({
    page,
    adminApi,
  }) => {
    const form = await openContactForm(page, locale);
    const fields = contactFields(form, locale);
    const consent = form.getByRole('checkbox', { name: text[locale].consentLabel });
    await expect(consent).not.toBeChecked();
    await expect(form).toContainText(text[locale].processingText);
    const email = unique(`contact-${locale}`);
    const values = contactValues(email);
    await fill(fields, values);
    await humanPause(page);

    const order: string[] = [];
    page.on('request', (r) => {
      if (STORE_URL.test(r.url())) order.push('database');
      else if (isSubmission(r)) order.push('hubspot');
    });
    const sent = page.waitForRequest(isSubmission);
    await form.getByRole('button', { name: text[locale].send }).click();
    const request = await sent;
    // Stored before it is sent: a lead is never lost.
    expect(order).toEqual(['database', 'hubspot']);

    expect(request.url()).toContain('/submissions/v3/integration/submit/local-portal/local-contact-form');
    expect(request.headers()['content-type']).toBe('application/json');
    const body = bodyOf(request);
    expect(body.fields).toEqual([
      { name: 'firstname', value: values.firstName },
      { name: 'lastname', value: values.lastName },
      { name: 'email', value: email },
      { name: 'phone', value: values.phone },
      { name: 'message', value: values.message },
    ]);
    expect(body.context).toEqual({ pageUri: page.url(), pageName: await page.title() });
    expect(body.legalConsentOptions).toEqual(expectedConsent(locale, false));

    const dialog = page.getByRole('dialog', { name: text[locale].thankYou });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(text[locale].thankYouBody);
    await expect(dialog.getByRole('button', { name: text[locale].close }).first()).toBeFocused();
    expect(await axeViolations(page, { include: '[role="dialog"]' })).toEqual([]);
    await dialog.getByRole('button', { name: text[locale].close }).first().click();
    await expect(dialog).toBeHidden();
    // Back to the form, not to the top of the page.
    await expect(form.getByRole('button', { name: text[locale].send })).toBeFocused();
    for (const field of Object.values(fields)) await expect(field).toHaveValue('');

    await expect
      .poll(() => storedSubmission(email))
      .toMatchObject({
        form_id: 'local-contact-form',
        fields: body.fields,
        context: body.context,
        legal_consent_options: expectedConsent(locale, false),
      });
    await expect.poll(async () => (await storedLead(adminApi, email))?.hubspot_status).toBe('sent');
    expect(await storedLead(adminApi, email)).toMatchObject({
      form: 'contact',
      language: locale,
      fields: body.fields,
      page_uri: body.context.pageUri,
      marketing_consent: false,
      consent_text: text[locale].consentText,
      processing_text: text[locale].processingText,
      consent_version: expect.any(String),
      spam: false,
      hutk: null,
      hubspot_http_status: 200,
    });
  });

  test(`B2B request: stores and sends the lead with marketing consent, and confirms in green (${locale})`, async ({
    page,
    adminApi,
  }) => {
    const form = await openB2BForm(page, locale);
    const fields = b2bFields(form, locale);
    const email = unique(`b2b-${locale}`);
    const values = b2bValues(email);
    await fill(fields, values);
    const consent = form.getByRole('checkbox', { name: text[locale].consentLabel });
    await expect(consent).not.toBeChecked();
    await consent.check();
    await humanPause(page);

    const sent = page.waitForRequest(isSubmission);
    await form.getByRole('button', { name: text[locale].submitRequest }).click();
    const request = await sent;

    expect(request.url()).toContain('/submissions/v3/integration/submit/local-portal/local-b2b-form');
    const body = bodyOf(request);
    expect(body.fields).toEqual([
      { name: 'firstname', value: values.firstName },
      { name: 'lastname', value: values.lastName },
      { name: 'email', value: email },
      { name: 'phone', value: values.phone },
      { name: 'company', value: values.companyName },
      { name: 'jobtitle', value: values.jobTitle },
      { name: 'company_size', value: '51-200' },
      { name: 'industry', value: 'foodservice' },
      { name: 'website', value: values.website },
      { name: 'business_needs', value: values.businessNeeds },
    ]);
    expect(body.context).toEqual({ pageUri: page.url(), pageName: await page.title() });
    expect(body.legalConsentOptions).toEqual(expectedConsent(locale, true));

    // The account step has its own status line after the lead's.
    await expect(form.getByRole('status').first()).toHaveText(text[locale].b2bSuccess);
    for (const field of Object.values(fields)) await expect(field).toHaveValue('');
    await expect(consent).not.toBeChecked();
    await expect
      .poll(() => storedSubmission(email))
      .toMatchObject({
        form_id: 'local-b2b-form',
        fields: body.fields,
        legal_consent_options: expectedConsent(locale, true),
      });
    await expect.poll(async () => (await storedLead(adminApi, email))?.hubspot_status).toBe('sent');
    expect(await storedLead(adminApi, email)).toMatchObject({
      form: 'b2b_request',
      language: locale,
      marketing_consent: true,
      consent_text: text[locale].consentText,
    });
  });
}

// The HubSpot tracking token follows the cookie banner: each form sees both answers across the two languages.
const trackingCases: Array<{ kind: FormKind; locale: Locale; answer: 'accept' | 'decline' }> = [
  { kind: 'contact', locale: 'en', answer: 'decline' },
  { kind: 'contact', locale: 'fr', answer: 'accept' },
  { kind: 'b2b', locale: 'en', answer: 'accept' },
  { kind: 'b2b', locale: 'fr', answer: 'decline' },
];

for (const { kind, locale, answer } of trackingCases) {
  test(`${kind}: hutk is ${answer === 'accept' ? 'sent after cookies are accepted' : 'left out after cookies are declined'} (${locale})`, async ({
    page,
    context,
    adminApi,
  }) => {
    const hutk = `e2e${Math.random().toString(16).slice(2, 14)}`;
    // The cookie HubSpot's tracking code would have set on the site.
    await context.addCookies([{ name: 'hubspotutk', value: hutk, url: E2E_SITE_URL }]);
    const { form, fields, values, submit } = await openForm(page, kind, locale, unique(`hutk-${kind}-${locale}`));
    await humanPause(page);
    const banner = page.getByTestId('cookie-banner');
    await banner.getByRole('button', { name: text[locale][answer] }).click();
    await expect(banner).toBeHidden();
    await fill(fields, values);
    await humanPause(page);
    const sent = page.waitForRequest(isSubmission);
    await submit.click();
    const body = bodyOf(await sent);
    if (answer === 'accept') expect(body.context.hutk).toBe(hutk);
    else expect(body.context).not.toHaveProperty('hutk');
    await expectReceived(page, form, kind, locale);
    const email = values.email ?? '';
    await expect
      .poll(async () => (await storedLead(adminApi, email))?.hutk ?? null)
      .toBe(answer === 'accept' ? hutk : null);
  });
}

type Failure = { name: string; consoleErrors: RegExp; arrange: (page: Page) => Promise<unknown> };

const hubspotFailures: Failure[] = [
  {
    name: 'HubSpot answers 500',
    consoleErrors: /status of 500/,
    arrange: (page) =>
      page.route(SUBMIT_URL, (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":"error"}' }),
      ),
  },
  {
    name: 'HubSpot does not answer within 15 s',
    consoleErrors: /$^/,
    // The request hangs; the test moves the clock past the deadline.
    arrange: (page) => page.route(SUBMIT_URL, () => undefined),
  },
  {
    name: 'HubSpot’s script is blocked',
    consoleErrors: /Failed to load resource/,
    arrange: (page) => page.route(SCRIPT_URL, (route) => route.abort('failed')),
  },
];

const expectedOutcome: Record<string, object> = {
  'HubSpot answers 500': { hubspot_status: 'failed', hubspot_failure: 'status', hubspot_http_status: 500 },
  'HubSpot does not answer within 15 s': {
    hubspot_status: 'failed',
    hubspot_failure: 'timeout',
    hubspot_http_status: null,
  },
  'HubSpot’s script is blocked': { hubspot_status: 'failed', hubspot_failure: 'script', hubspot_http_status: null },
};

for (const [index, failure] of hubspotFailures.entries()) {
  for (const kind of FORMS) {
    // Each failure in one language per form, the other language for the other form.
    const locale: Locale = (index + (kind === 'b2b' ? 1 : 0)) % 2 === 0 ? 'en' : 'fr';
    test(`${kind}: when ${failure.name}, the visitor is told it was received and the lead is stored with the outcome (${locale})`, async ({
      page,
      adminApi,
      consoleErrors,
    }) => {
      consoleErrors.allow(failure.consoleErrors);
      await failure.arrange(page);
      const email = unique(`failing-${kind}-${locale}`);
      const { form, fields, values, submit } = await openForm(page, kind, locale, email);
      await fill(fields, values);
      await humanPause(page);
      const hangs = failure.name.includes('15 s');
      const sent = hangs ? page.waitForRequest(isSubmission) : null;
      await submit.click();
      if (sent) {
        await sent;
        await page.clock.fastForward(16_000);
      }
      await expectReceived(page, form, kind, locale);
      await expect.poll(async () => (await storedLead(adminApi, email))?.hubspot_status).toBe('failed');
      expect(await storedLead(adminApi, email)).toMatchObject({
        ...expectedOutcome[failure.name],
        form: kind === 'contact' ? 'contact' : 'b2b_request',
        language: locale,
        fields: expect.arrayContaining([{ name: 'email', value: email }]),
        hubspot_attempts: 1,
      });
      expect(await storedSubmission(email)).toBeUndefined();
    });
  }
}

test('contact: a lead whose tab closes before HubSpot answers is delivered once by the server (fr)', async ({
  browser,
  adminApi,
}) => {
  // The visitor's own browser: HubSpot never answers it, and it closes meanwhile (closing
  // the whole context drops the held request for good; a closed page alone may let it through).
  const visitor = await browser.newContext();
  await answerCookieBanner(visitor, 'declined');
  const page = await visitor.newPage();
  await installClock(page);
  await page.route(SUBMIT_URL, () => undefined);
  const email = unique('closed-tab');
  const { fields, values, submit } = await openForm(page, 'contact', 'fr', email);
  await fill(fields, values);
  await humanPause(page);
  const sent = page.waitForRequest(isSubmission);
  await submit.click();
  await sent;
  await visitor.close();

  const stored = await storedLead(adminApi, email);
  expect(stored).toMatchObject({ hubspot_status: 'pending', hubspot_attempts: 0 });
  expect(await storedSubmissions(email)).toEqual([]);

  expect(await deliverFromServer(stored!.id)).toMatchObject({ claimed: 1, sent: 1 });
  // Run again: HubSpot has it once.
  expect(await deliverFromServer(stored!.id)).toMatchObject({ claimed: 0 });
  const received = await storedSubmissions(email);
  expect(received).toHaveLength(1);
  expect(received[0]).toMatchObject({
    form_id: formIds.contact,
    fields: expect.arrayContaining([{ name: 'email', value: email }]),
    context: expect.objectContaining({ pageUri: expect.stringContaining('/fr') }),
    legal_consent_options: expectedConsent('fr', false),
  });
  expect(await storedLead(adminApi, email)).toMatchObject({ hubspot_status: 'sent', hubspot_attempts: 1 });
  const attempts = await adminApi.from('lead_delivery_attempts').select('actor, outcome').eq('lead_id', stored!.id);
  expect(attempts.data).toEqual([{ actor: 'server', outcome: 'sent' }]);
});

for (const [kind, locale] of [
  ['contact', 'en'],
  ['b2b', 'fr'],
] as const) {
  test(`${kind}: when neither the database nor HubSpot takes the lead, the error shows and every value is kept (${locale})`, async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 500|status of 503/);
    let failing = true;
    await page.route(STORE_URL, (route) =>
      failing
        ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down"}' })
        : route.continue(),
    );
    await page.route(SUBMIT_URL, (route) =>
      failing
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":"error"}' })
        : route.continue(),
    );
    const { form, fields, values, submit } = await openForm(page, kind, locale, unique(`both-${kind}-${locale}`));
    await fill(fields, values);
    await form.getByRole('checkbox', { name: text[locale].consentLabel }).check();
    await humanPause(page);
    await submit.click();

    await expect(form.getByRole('alert')).toHaveText(text[locale].error);
    await expectValues(fields, values);
    await expect(form.getByRole('checkbox', { name: text[locale].consentLabel })).toBeChecked();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(form.getByText(text[locale].b2bSuccess)).toHaveCount(0);
    expect(
      await axeViolations(page, {
        include: `form[aria-label="${text[locale][kind === 'contact' ? 'contactForm' : 'b2bForm']}"]`,
      }),
    ).toEqual([]);

    // Once either is back, sending again works.
    failing = false;
    await fields.firstName!.fill(`${values.firstName} `);
    await expect(form.getByRole('alert')).toHaveCount(0);
    await submit.click();
    await expectReceived(page, form, kind, locale);
  });
}

test('contact: the script and the database both failing shows the error, keeps every value and posts nothing (fr)', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/Failed to load resource|status of 503/);
  await page.route(SCRIPT_URL, (route) => route.abort('failed'));
  await page.route(STORE_URL, (route) => route.fulfill({ status: 503, body: '{}' }));
  let posted = 0;
  page.on('request', (r) => {
    if (isSubmission(r)) posted += 1;
  });
  const { form, fields, values, submit } = await openForm(page, 'contact', 'fr', unique('contact-script'));
  await fill(fields, values);
  await humanPause(page);
  await submit.click();
  await expect(form.getByRole('alert')).toHaveText(text.fr.error);
  await expectValues(fields, values);
  expect(posted).toBe(0);
});

for (const [kind, locale] of [
  ['contact', 'en'],
  ['b2b', 'fr'],
] as const) {
  test(`${kind}: a filled honeypot is stored as spam, never reaches HubSpot, and the visitor sees the normal success (${locale})`, async ({
    page,
    adminApi,
  }) => {
    let posted = 0;
    page.on('request', (r) => {
      if (isSubmission(r)) posted += 1;
    });
    const email = unique(`honeypot-${kind}-${locale}`);
    const { form, fields, values, submit } = await openForm(page, kind, locale, email);
    await fill(fields, values);
    // What a form-filling bot does: every input gets a value, seen or not.
    const honeypot = form.locator('input[name="referralCode"]');
    await expect(honeypot).not.toBeInViewport();
    await honeypot.fill('https://cheap-olive-oil.example', { force: true });
    await humanPause(page);
    await submit.click();
    await expectReceived(page, form, kind, locale);
    await expect.poll(async () => (await storedLead(adminApi, email))?.spam).toBe(true);
    expect(await storedLead(adminApi, email)).toMatchObject({ spam_reason: 'honeypot', hubspot_status: 'not_sent' });
    expect(posted).toBe(0);
    expect(await storedSubmission(email)).toBeUndefined();
  });
}

for (const [kind, locale] of [
  ['contact', 'fr'],
  ['b2b', 'en'],
] as const) {
  test(`${kind}: a form sent as soon as it appears is stored as spam and never reaches HubSpot (${locale})`, async ({
    page,
    adminApi,
  }) => {
    let posted = 0;
    page.on('request', (r) => {
      if (isSubmission(r)) posted += 1;
    });
    const email = unique(`fast-${kind}-${locale}`);
    const { form, fields, values, submit } = await openForm(page, kind, locale, email);
    // No time at all passes between showing and sending: a script's speed (the browser's clock
    // for the browser's own check, the form token's age for the database's).
    await sendAtOnce(page);
    await page.clock.pauseAt(Date.now() + 1000);
    await fill(fields, values);
    await submit.click();
    await page.clock.resume();
    await expectReceived(page, form, kind, locale);
    await expect.poll(async () => (await storedLead(adminApi, email))?.spam).toBe(true);
    expect(await storedLead(adminApi, email)).toMatchObject({ spam_reason: 'too_fast', hubspot_status: 'not_sent' });
    expect(posted).toBe(0);
  });
}

for (const [kind, locale] of [
  ['contact', 'en'],
  ['b2b', 'fr'],
] as const) {
  test(`${kind}: HubSpot’s INVALID_EMAIL shows next to the email field, in the page’s language (${locale})`, async ({
    page,
    adminApi,
    consoleErrors,
  }) => {
    consoleErrors.allow(/status of 400/);
    // The stand-in refuses addresses at this domain the way HubSpot refuses an invalid one.
    const email = unique(`refused-${kind}`, 'invalid-email.hubspot-stand-in.test');
    const { form, fields, values, submit } = await openForm(page, kind, locale, email);
    await fill(fields, values);
    await humanPause(page);
    await submit.click();
    const emailField = fields.email!;
    await expect(emailField).toHaveAccessibleDescription(text[locale].emailRejected);
    await expect(emailField).toHaveAttribute('aria-invalid', 'true');
    await expect(emailField).toBeFocused();
    await expectValues(fields, values);
    await expect(form.getByText(text[locale].error)).toHaveCount(0);
    await expect.poll(async () => (await storedLead(adminApi, email))?.hubspot_status).toBe('rejected');
    expect(await storedLead(adminApi, email)).toMatchObject({
      hubspot_error_types: ['INVALID_EMAIL'],
      form_mismatch: false,
    });

    // Fixing the address clears the message and the lead goes through.
    const fixed = unique(`fixed-${kind}`);
    await emailField.fill(fixed);
    await expect(emailField).toHaveAttribute('aria-invalid', 'false');
    await humanPause(page);
    await submit.click();
    await expectReceived(page, form, kind, locale);
    await expect.poll(() => storedSubmission(fixed)).toMatchObject({ form_id: formIds[kind] });
  });
}

test('contact form: the prerendered form cannot be sent until its code arrives, then sends', async ({ page }) => {
  // In the HTML as served (before any script): the fields can be filled in
  // (what is typed is kept, docs/decisions/101-contact-form-code-loads-on-approach.md),
  // but the submit button is disabled (Enter cannot submit either) and the
  // form posts, so no press can put the lead in a URL.
  for (const path of ['/', '/fr']) {
    const html = await (await page.request.get(path)).text();
    const form = /<form[^>]*aria-label="(Contact form|Formulaire de contact)"[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';
    expect(form, path).toMatch(/^<form[^>]*method="post"/);
    expect(form, path).not.toMatch(/<fieldset[^>]*disabled/);
    expect(form, path).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
    // The consent checkbox is unticked in the served HTML too.
    expect(form, path).toMatch(/<input[^>]*type="checkbox"/);
    expect(form, path).not.toMatch(/<input[^>]*type="checkbox"[^>]*checked/);
  }

  const form = await openContactForm(page, 'en');
  const fields = contactFields(form, 'en');
  await expect(fields.firstName).toBeEnabled();
  const values = contactValues(unique('contact-late'));
  await fill(fields, values);
  await humanPause(page);
  const sent = page.waitForRequest(isSubmission);
  await fields.email.press('Enter');
  expect(bodyOf(await sent).fields).toContainEqual({ name: 'email', value: values.email });
  await expect(page.getByRole('dialog', { name: text.en.thankYou })).toBeVisible();
  expect(page.url()).not.toContain('?');
});

test('B2B request: validation errors are announced in French, the first invalid field is focused, nothing is sent or stored', async ({
  page,
}) => {
  let posted = 0;
  page.on('request', (r) => {
    if (isSubmission(r) || STORE_URL.test(r.url())) posted += 1;
  });
  const form = await openB2BForm(page, 'fr');
  const fields = b2bFields(form, 'fr');
  await fields.email.fill('pas-un-courriel');
  await form.getByRole('button', { name: text.fr.submitRequest }).click();
  await expect(fields.firstName).toBeFocused();
  await expect(fields.firstName).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Entrez votre prénom.')).toBeVisible();
  await expect(form.getByText('Entrez une adresse courriel valide, par exemple nom@exemple.com.')).toBeVisible();
  await expect(form.getByText('Sélectionnez votre secteur d’activité.')).toBeVisible();
  // Marketing consent is optional: it never blocks a submission.
  await expect(form.getByRole('checkbox', { name: text.fr.consentLabel })).not.toHaveAttribute('aria-invalid', 'true');
  expect(posted).toBe(0);
  expect(await axeViolations(page, { include: 'form[aria-label="Demande d’accès B2B"]' })).toEqual([]);
});

test('the consent request links to the privacy policy in a new tab, so nothing typed is lost (fr)', async ({
  page,
}) => {
  const form = await openContactForm(page, 'fr');
  const link = form.getByRole('link', { name: /Lire la Politique de confidentialité/ });
  await expect(link).toHaveAttribute('href', `${prefix('fr')}/privacy`);
  await expect(link).toHaveAttribute('target', '_blank');
});
