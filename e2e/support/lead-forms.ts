/**
 * Helpers for the lead-form specs: the visible texts in both languages (written
 * out, so a spec fails when a text the visitor or HubSpot sees changes), opening
 * and filling each form, letting a person's worth of time pass, and reading
 * what the local HubSpot stand-in and the database received.
 */
import type { Locator, Page, Request } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { E2E_BACKEND_URL } from '../../scripts/lib/ports.ts';
import { LOCAL_SERVICE_ROLE_KEY } from '../../supabase/local/keys.ts';
import type { Database } from '../../src/lib/supabase/database.types.ts';
import { expect } from './fixtures.ts';

export const SUBMIT_URL = /\/submissions\/v3\/integration\/submit\/[^/]+\/[^/]+$/;
export const SCRIPT_URL = /\/hubspot\/js\/embed\.js$/;
export const STORE_URL = /\/rest\/v1\/rpc\/submit_lead$/;

export type Locale = 'en' | 'fr';
export type FormKind = 'contact' | 'b2b';

const company = 'Olea & Thyme Imports Inc.';

export const text = {
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
    emailRejected: 'This email address was not accepted. Check it for typing mistakes and try again.',
    close: 'Close',
    accept: 'Accept',
    decline: 'Decline',
    consentLabel: `Yes, I would like to receive emails from ${company} about its products, news and offers.`,
    consentText:
      `Yes, I would like to receive emails from ${company} about its products, news and offers. ` +
      `You can withdraw your consent at any time with the unsubscribe link in every email or by writing to privacy@example.com. ` +
      `${company}, 240 Sparks Street, Suite 610, Ottawa, Ontario K1P 5B5, Canada, +1 (613) 555-0142.`,
    processingText:
      'We use what you send us to answer your request. It is kept in our database and in HubSpot, our customer relationship service, as our Privacy Policy explains. Ticking the box above is optional.',
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
    emailRejected:
      'Cette adresse courriel n’a pas été acceptée. Vérifiez qu’elle ne contient pas d’erreur et réessayez.',
    close: 'Fermer',
    accept: 'Accepter',
    decline: 'Refuser',
    consentLabel: `Oui, je souhaite que ${company} m’envoie des courriels au sujet de ses produits, de ses nouvelles et de ses offres.`,
    consentText:
      `Oui, je souhaite que ${company} m’envoie des courriels au sujet de ses produits, de ses nouvelles et de ses offres. ` +
      `Vous pouvez retirer votre consentement en tout temps grâce au lien de désabonnement présent dans chaque courriel ou en écrivant à privacy@example.com. ` +
      `${company}, 240 Sparks Street, Suite 610, Ottawa (Ontario) K1P 5B5, Canada, +1 (613) 555-0142.`,
    processingText:
      'Nous utilisons ce que vous nous envoyez pour répondre à votre demande. Ces renseignements sont conservés dans notre base de données et dans HubSpot, notre service de gestion de la relation client, comme l’explique notre Politique de confidentialité. Cocher la case ci-dessus est facultatif.',
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

/** The subscription type id the e2e build sends (the local default of VITE_HUBSPOT_SUBSCRIPTION_TYPE_ID). */
export const SUBSCRIPTION_TYPE_ID = 1;

/** The `legalConsentOptions` HubSpot must receive. */
export function expectedConsent(locale: Locale, marketingConsent: boolean) {
  return {
    consent: {
      consentToProcess: true,
      text: text[locale].processingText,
      communications: [
        { value: marketingConsent, subscriptionTypeId: SUBSCRIPTION_TYPE_ID, text: text[locale].consentText },
      ],
    },
  };
}

export const prefix = (locale: Locale) => (locale === 'fr' ? '/fr' : '');
export const unique = (label: string, domain = 'example.com') =>
  `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@${domain}`;

/** The forms take a submission sooner than this after they appear for a bot's. */
export const MIN_FILL_MS = 3000;

/**
 * Installs Playwright's clock before the page loads, so a test can let a
 * person's worth of time pass (`humanPause`) without waiting for it.
 */
export async function installClock(page: Page) {
  await page.clock.install();
}

const aged = new WeakSet<Page>();

/**
 * A person's worth of time passes: the page's clock moves on, and, since the
 * database measures the fill time from the form token it issued (which
 * Playwright's clock cannot move), the lead this page stores from now on
 * carries a token issued that long ago (the local backend's helper).
 * A route fallback, so a spec's own route on the store still answers.
 */
export async function humanPause(page: Page) {
  await page.clock.fastForward(MIN_FILL_MS + 2000);
  if (aged.has(page)) return;
  aged.add(page);
  await sendTokensAged(page, MIN_FILL_MS + 2000);
}

/**
 * The opposite, for a script's speed: the lead carries a token issued just
 * now, however long a busy machine took to type it.
 */
export async function sendAtOnce(page: Page) {
  await sendTokensAged(page, 0);
}

async function sendTokensAged(page: Page, ageMs: number) {
  await page.route(STORE_URL, async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    const answer = await fetch(`${E2E_BACKEND_URL}/hubspot/forms/__lead-form-token?age_ms=${ageMs}`, {
      headers: STAND_IN_CONTROL,
    });
    const { token } = (await answer.json()) as { token: string };
    await route.fallback({ postData: JSON.stringify({ ...body, form_token: token }) });
  });
}

/** The HubSpot stand-in's control endpoints need the service-role key. */
const STAND_IN_CONTROL = { apikey: LOCAL_SERVICE_ROLE_KEY };

/** Forget the per-client count of stored leads: every browser of the suite shares one address. */
export async function resetLeadThrottle() {
  const response = await fetch(`${E2E_BACKEND_URL}/hubspot/forms/__lead-throttle`, {
    method: 'DELETE',
    headers: STAND_IN_CONTROL,
  });
  if (!response.ok) throw new Error(`could not reset the lead throttle: ${response.status}`);
}

export function contactValues(email: string) {
  return {
    firstName: 'Eleni',
    lastName: 'Georgiou',
    email,
    phone: '613-555-0142',
    message: 'We run six delis in Ottawa and want your Kalamata olives.',
  };
}

export function b2bValues(email: string) {
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

export async function openContactForm(page: Page, locale: Locale): Promise<Locator> {
  await page.goto(`${prefix(locale)}/#contact`);
  const form = page.getByRole('form', { name: text[locale].contactForm });
  // The prerendered form is inert until React owns it.
  await expect(form.getByRole('button', { name: text[locale].send })).toBeEnabled({ timeout: 15_000 });
  return form;
}

export async function openB2BForm(page: Page, locale: Locale): Promise<Locator> {
  await page.goto(`${prefix(locale)}/client/login`);
  // The prerendered page answers clicks once hydrated; its sign-in button says when.
  await expect(page.getByRole('button', { name: /^(sign in|se connecter|connexion)$/i })).toBeEnabled({
    timeout: 15_000,
  });
  await page.getByRole('button', { name: text[locale].requestIt }).click();
  const form = page.getByRole('form', { name: text[locale].b2bForm });
  await expect(form).toBeVisible();
  // Request mode also creates the account, with no password typed here
  // (docs/decisions/125-accounts-set-up-from-the-inbox.md).
  await expect(form.getByLabel(/^(password|mot de passe)$/i)).toHaveCount(0);
  return form;
}

export function contactFields(form: Locator, locale: Locale) {
  const l = text[locale].labels;
  return {
    firstName: form.getByLabel(l.firstName),
    lastName: form.getByLabel(l.lastName),
    email: form.getByLabel(l.email),
    phone: form.getByLabel(l.phone),
    message: form.getByLabel(l.message),
  };
}

export function b2bFields(form: Locator, locale: Locale) {
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

/** One form, opened, with its fields, values to type and submit button: the same steps for both forms. */
export async function openForm(page: Page, kind: FormKind, locale: Locale, email: string) {
  const form = kind === 'contact' ? await openContactForm(page, locale) : await openB2BForm(page, locale);
  const fields: Record<string, Locator> = kind === 'contact' ? contactFields(form, locale) : b2bFields(form, locale);
  const values: Record<string, string> = kind === 'contact' ? contactValues(email) : b2bValues(email);
  const submit = form.getByRole('button', {
    name: kind === 'contact' ? text[locale].send : text[locale].submitRequest,
  });
  return { form, fields, values, submit };
}

/** What the visitor sees when the lead was received (HubSpot's answer aside). */
export async function expectReceived(page: Page, form: Locator, kind: FormKind, locale: Locale) {
  if (kind === 'contact') {
    const dialog = page.getByRole('dialog', { name: text[locale].thankYou });
    await expect(dialog).toContainText(text[locale].thankYouBody);
  } else {
    // The account step has its own status line after the lead's.
    await expect(form.getByRole('status').first()).toHaveText(text[locale].b2bSuccess);
  }
  await expect(form.getByRole('alert')).toHaveCount(0);
}

export async function fill(fields: Record<string, Locator>, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    const field = fields[name];
    if (!field) throw new Error(`no field ${name}`);
    if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(value);
    else await field.fill(value);
  }
}

export async function expectValues(fields: Record<string, Locator>, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) await expect(fields[name]!, name).toHaveValue(value);
}

export type StoredSubmission = {
  form_id: string;
  fields: { name: string; value: string }[];
  context: Record<string, string> | null;
  legal_consent_options: unknown;
};

/** What the HubSpot stand-in recorded for this email address, if anything. */
export async function storedSubmission(email: string): Promise<StoredSubmission | undefined> {
  const response = await fetch(`${E2E_BACKEND_URL}/hubspot/forms/__submissions`, { headers: STAND_IN_CONTROL });
  const rows = (await response.json()) as StoredSubmission[];
  return rows.find((row) => row.fields.some((f) => f.name === 'email' && f.value === email));
}

export type HubspotBody = {
  fields: { name: string; value: string }[];
  context: Record<string, string>;
  legalConsentOptions: unknown;
};

export function bodyOf(request: Request) {
  return request.postDataJSON() as HubspotBody;
}

export const isSubmission = (r: Request) => SUBMIT_URL.test(r.url()) && r.method() === 'POST';

/** The lead the database holds for this email address, as an admin reads it. */
export async function storedLead(admin: SupabaseClient<Database>, email: string) {
  const { data, error } = await admin.from('leads').select('*').order('created_at', { ascending: false }).limit(200);
  if (error) throw error;
  return data.find((lead) =>
    (lead.fields as Array<{ name: string; value: string }>).some((f) => f.name === 'email' && f.value === email),
  );
}

/**
 * The server's half (docs/decisions/188-leads-delivered-by-the-server-when-the-tab-closes.md):
 * ends this lead's browser grace through the Data API with the service-role
 * key (no two-minute wait), then runs deliver-leads for it as the schedule
 * would. Answers the run's summary.
 */
export async function deliverFromServer(leadId: string): Promise<Record<string, number>> {
  const due = await fetch(`${E2E_BACKEND_URL}/rest/v1/leads?id=eq.${leadId}`, {
    method: 'PATCH',
    headers: {
      apikey: LOCAL_SERVICE_ROLE_KEY,
      Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`,
      'Content-Type': 'application/json',
      Prefer: 'return=representation',
    },
    body: JSON.stringify({ delivery_due_at: new Date().toISOString() }),
  });
  if (!due.ok || ((await due.json()) as unknown[]).length !== 1) {
    throw new Error(`could not end the lead's grace: ${due.status}`);
  }
  const run = await fetch(`${E2E_BACKEND_URL}/functions/v1/deliver-leads`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ lead_id: leadId }),
  });
  if (!run.ok) throw new Error(`deliver-leads answered ${run.status}`);
  return (await run.json()) as Record<string, number>;
}

/** Every submission the HubSpot stand-in received for this email address. */
export async function storedSubmissions(email: string): Promise<StoredSubmission[]> {
  const response = await fetch(`${E2E_BACKEND_URL}/hubspot/forms/__submissions`, { headers: STAND_IN_CONTROL });
  const rows = (await response.json()) as StoredSubmission[];
  return rows.filter((row) => row.fields.some((f) => f.name === 'email' && f.value === email));
}
