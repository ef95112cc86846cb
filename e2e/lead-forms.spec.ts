/**
 * Both lead forms end to end (issue 5): filled and sent in both languages, the
 * HubSpot request captured and checked, the local stand-in storing the lead,
 * and every typed value kept when the provider or its script fails.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page, Request } from '@playwright/test';
import { E2E_BACKEND_URL } from '../scripts/lib/ports.ts';
import { expect, test } from './fixtures.ts';

const SUBMIT_URL = /\/submissions\/v3\/integration\/submit\/[^/]+\/[^/]+$/;
const SCRIPT_URL = /\/hubspot\/js\/embed\.js$/;

const text = {
  en: {
    contactForm: 'Contact form',
    b2bForm: 'B2B access request',
    send: 'Send message',
    submitRequest: 'Submit request',
    requestIt: 'Request it here',
    thankYou: 'Thank you.',
    thankYouBody: "We'll be following up shortly.",
    b2bSuccess: 'Your B2B access request has been submitted successfully. Our team will contact you shortly.',
    error: 'An error occurred while sending. Please try again.',
    close: 'Close',
    labels: {
      firstName: 'First name',
      lastName: 'Last name',
      email: /^Email$/,
      businessEmail: 'Business email',
      phone: /^Phone/,
      message: 'Message',
      companyName: 'Company name',
      jobTitle: 'Job title',
      companySize: 'Company size',
      industry: 'Industry',
      website: /^Company website/,
      businessNeeds: 'Business needs',
    },
  },
  fr: {
    contactForm: 'Formulaire de contact',
    b2bForm: 'Demande d’accès B2B',
    send: 'Envoyer le message',
    submitRequest: 'Soumettre la demande',
    requestIt: 'Faites-en la demande ici',
    thankYou: 'Merci.',
    thankYouBody: 'Nous vous contacterons sous peu.',
    b2bSuccess: "Votre demande d'accès B2B a été soumise avec succès. Notre équipe vous contactera sous peu.",
    error: "Une erreur s'est produite lors de l'envoi. Veuillez réessayer.",
    close: 'Fermer',
    labels: {
      firstName: 'Prénom',
      lastName: /^Nom$/,
      email: /^Courriel$/,
      businessEmail: 'Courriel professionnel',
      phone: /^Téléphone/,
      message: 'Message',
      companyName: 'Nom de l’entreprise',
      jobTitle: 'Titre du poste',
      companySize: 'Taille de l’entreprise',
      industry: 'Secteur d’activité',
      website: /^Site Web de l’entreprise/,
      businessNeeds: 'Besoins de l’entreprise',
    },
  },
} as const;

type Locale = keyof typeof text;
const prefix = (locale: Locale) => (locale === 'fr' ? '/fr' : '');
const unique = (label: string) => `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;

function contactValues(email: string) {
  return {
    firstName: 'Eleni',
    lastName: 'Georgiou',
    email,
    phone: '613-555-0142',
    message: 'We run six delis in Ottawa and want your Kalamata olives.',
  };
}

function b2bValues(email: string) {
  return {
    firstName: 'Jean',
    lastName: 'Tremblay',
    email,
    phone: '+1 514 555 0199',
    companyName: 'Épicerie Fine Tremblay',
    jobTitle: 'Purchasing manager',
    companySize: '51-200',
    industry: 'foodservice',
    website: 'https://epicerie.example.com',
    businessNeeds: 'Olive oil and feta for three stores.',
  };
}

async function openContactForm(page: Page, locale: Locale): Promise<Locator> {
  await page.goto(`${prefix(locale)}/#contact`);
  const form = page.getByRole('form', { name: text[locale].contactForm });
  // The prerendered form is inert until React owns it.
  await expect(form.getByRole('button', { name: text[locale].send })).toBeEnabled({ timeout: 15_000 });
  return form;
}

async function openB2BForm(page: Page, locale: Locale): Promise<Locator> {
  await page.goto(`${prefix(locale)}/client/login`);
  // The prerendered page answers clicks once hydrated; its sign-in button says when.
  await expect(page.getByRole('button', { name: /^(sign in|se connecter|connexion)$/i })).toBeEnabled({ timeout: 15_000 });
  await page.getByRole('button', { name: text[locale].requestIt }).click();
  const form = page.getByRole('form', { name: text[locale].b2bForm });
  await expect(form).toBeVisible();
  return form;
}

function contactFields(form: Locator, locale: Locale) {
  const l = text[locale].labels;
  return {
    firstName: form.getByLabel(l.firstName),
    lastName: form.getByLabel(l.lastName),
    email: form.getByLabel(l.email),
    phone: form.getByLabel(l.phone),
    message: form.getByLabel(l.message),
  };
}

function b2bFields(form: Locator, locale: Locale) {
  const l = text[locale].labels;
  return {
    firstName: form.getByLabel(l.firstName),
    lastName: form.getByLabel(l.lastName),
    email: form.getByLabel(l.businessEmail),
    phone: form.getByLabel(l.phone),
    companyName: form.getByLabel(l.companyName),
    jobTitle: form.getByLabel(l.jobTitle),
    companySize: form.getByLabel(l.companySize),
    industry: form.getByLabel(l.industry),
    website: form.getByLabel(l.website),
    businessNeeds: form.getByLabel(l.businessNeeds),
  };
}

async function fill(fields: Record<string, Locator>, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    const field = fields[name];
    if (!field) throw new Error(`no field ${name}`);
    if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(value);
    else await field.fill(value);
  }
}

async function expectValues(fields: Record<string, Locator>, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) await expect(fields[name]!, name).toHaveValue(value);
}

type StoredSubmission = { form_id: string; fields: { name: string; value: string }[]; context: Record<string, string> | null };

async function storedSubmission(email: string): Promise<StoredSubmission | undefined> {
  const response = await fetch(`${E2E_BACKEND_URL}/hubspot/forms/__submissions`);
  const rows = (await response.json()) as StoredSubmission[];
  return rows.find((row) => row.fields.some((f) => f.name === 'email' && f.value === email));
}

function bodyOf(request: Request) {
  return request.postDataJSON() as { fields: { name: string; value: string }[]; context: Record<string, string> };
}

for (const locale of ['en', 'fr'] as const) {
  test(`contact form sends the lead and thanks the visitor (${locale})`, async ({ page }) => {
    const form = await openContactForm(page, locale);
    const fields = contactFields(form, locale);
    const email = unique(`contact-${locale}`);
    const values = contactValues(email);
    await fill(fields, values);

    const sent = page.waitForRequest((r) => SUBMIT_URL.test(r.url()) && r.method() === 'POST');
    await form.getByRole('button', { name: text[locale].send }).click();
    const request = await sent;

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

    const dialog = page.getByRole('dialog', { name: text[locale].thankYou });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(text[locale].thankYouBody);
    await expect(dialog.getByRole('button', { name: text[locale].close }).first()).toBeFocused();
    const axe = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await dialog.getByRole('button', { name: text[locale].close }).first().click();
    await expect(dialog).toBeHidden();
    // Back to the form, not to the top of the page.
    await expect(form.getByRole('button', { name: text[locale].send })).toBeFocused();
    for (const field of Object.values(fields)) await expect(field).toHaveValue('');

    // The local stand-in of the Forms API kept the lead (D9).
    await expect.poll(() => storedSubmission(email)).toMatchObject({
      form_id: 'local-contact-form',
      fields: body.fields,
      context: body.context,
    });
  });

  test(`B2B request sends the lead and confirms in green (${locale})`, async ({ page }) => {
    const form = await openB2BForm(page, locale);
    const fields = b2bFields(form, locale);
    const email = unique(`b2b-${locale}`);
    const values = b2bValues(email);
    await fill(fields, values);

    const sent = page.waitForRequest((r) => SUBMIT_URL.test(r.url()) && r.method() === 'POST');
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

    const status = form.getByRole('status');
    await expect(status).toHaveText(text[locale].b2bSuccess);
    for (const field of Object.values(fields)) await expect(field).toHaveValue('');
    await expect.poll(() => storedSubmission(email)).toMatchObject({ form_id: 'local-b2b-form', fields: body.fields });
  });
}

test('contact form: the prerendered form is inert until its code arrives, then sends', async ({ page }) => {
  // In the HTML as served (before any script): disabled fields and button, so
  // nothing typed can be thrown away by hydration and no press can become a
  // native GET that puts the lead in the URL.
  for (const path of ['/', '/fr']) {
    const html = await (await page.request.get(path)).text();
    const form = /<form[^>]*aria-label="(Contact form|Formulaire de contact)"[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';
    expect(form, path).toMatch(/<fieldset disabled=""/);
    expect(form, path).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
  }

  const form = await openContactForm(page, 'en');
  const fields = contactFields(form, 'en');
  await expect(fields.firstName).toBeEnabled();
  const values = contactValues(unique('contact-late'));
  await fill(fields, values);
  const sent = page.waitForRequest((r) => SUBMIT_URL.test(r.url()) && r.method() === 'POST');
  await fields.email.press('Enter');
  expect(bodyOf(await sent).fields).toContainEqual({ name: 'email', value: values.email });
  await expect(page.getByRole('dialog', { name: text.en.thankYou })).toBeVisible();
  expect(page.url()).not.toContain('?');
});

test('contact form: a provider 500 shows the error and keeps every value; a retry then succeeds', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 500/);
  let failing = true;
  await page.route(SUBMIT_URL, (route) =>
    failing ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"status":"error"}' }) : route.continue(),
  );
  const form = await openContactForm(page, 'en');
  const fields = contactFields(form, 'en');
  const values = contactValues(unique('contact-500'));
  await fill(fields, values);
  await form.getByRole('button', { name: text.en.send }).click();

  await expect(form.getByRole('alert')).toHaveText(text.en.error);
  await expectValues(fields, values);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const results = await new AxeBuilder({ page }).include('[aria-label="Contact form"]').withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);

  failing = false;
  await fields.message.fill(`${values.message} Thanks!`);
  await expect(form.getByRole('alert')).toHaveCount(0);
  await form.getByRole('button', { name: text.en.send }).click();
  await expect(page.getByRole('dialog', { name: text.en.thankYou })).toBeVisible();
});

test('contact form: the provider script failing to load shows the error, keeps every value and posts nothing (fr)', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/Failed to load resource/);
  await page.route(SCRIPT_URL, (route) => route.abort('failed'));
  let posted = 0;
  page.on('request', (r) => {
    if (SUBMIT_URL.test(r.url())) posted += 1;
  });
  const form = await openContactForm(page, 'fr');
  const fields = contactFields(form, 'fr');
  const values = contactValues(unique('contact-script'));
  await fill(fields, values);
  await form.getByRole('button', { name: text.fr.send }).click();

  await expect(form.getByRole('alert')).toHaveText(text.fr.error);
  await expectValues(fields, values);
  expect(posted).toBe(0);
});

test('B2B request: a provider 500 shows the red error and keeps every value (fr)', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 500/);
  await page.route(SUBMIT_URL, (route) => route.fulfill({ status: 500, body: 'Internal error' }));
  const form = await openB2BForm(page, 'fr');
  const fields = b2bFields(form, 'fr');
  const values = b2bValues(unique('b2b-500'));
  await fill(fields, values);
  await form.getByRole('button', { name: text.fr.submitRequest }).click();

  await expect(form.getByRole('alert')).toHaveText(text.fr.error);
  await expectValues(fields, values);
  await expect(form.getByRole('status')).toHaveCount(0);
});

test('B2B request: the provider script failing to load shows the error and keeps every value (en)', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.allow(/Failed to load resource/);
  await page.route(SCRIPT_URL, (route) => route.abort('failed'));
  const form = await openB2BForm(page, 'en');
  const fields = b2bFields(form, 'en');
  const values = b2bValues(unique('b2b-script'));
  await fill(fields, values);
  await form.getByRole('button', { name: text.en.submitRequest }).click();

  await expect(form.getByRole('alert')).toHaveText(text.en.error);
  await expectValues(fields, values);
  expect(await storedSubmission(values.email)).toBeUndefined();
});

test('B2B request: validation errors are announced in French, the first invalid field is focused, nothing is sent', async ({
  page,
}) => {
  let posted = 0;
  page.on('request', (r) => {
    if (SUBMIT_URL.test(r.url())) posted += 1;
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
  expect(posted).toBe(0);
  const results = await new AxeBuilder({ page }).include('form[aria-label="Demande d’accès B2B"]').withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});
