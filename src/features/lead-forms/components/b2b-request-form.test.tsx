import type { ReactElement } from 'react';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { env } from '@/config/env';
import B2BRequestForm from '@/features/lead-forms/components/b2b-request-form';
import { formsMessages } from '@/features/lead-forms/use-forms-messages';
import type { Locale } from '@/i18n/locales';
import { loadScriptOnce } from '@/integrations/hubspot/load-script';
import type { AccountStep } from '@/lib/session/account-api';
import { renderWithProviders } from '@tests/support/render';
import {
  deferred,
  fillFields,
  hubspotRefusal,
  mockFetch,
  ok,
  renderedAMinuteAgo,
  resetBetweenLeadFormTests,
  sentBody,
  sentRequests,
  serverError,
  storeAnswers,
} from '@tests/support/lead-form-requests';

vi.mock('@/integrations/hubspot/load-script', () => ({ loadScriptOnce: vi.fn() }));
const loadScript = vi.mocked(loadScriptOnce);

const paths: Record<Locale, string> = { en: '/client/login', fr: '/fr/client/login' };

const filled = {
  firstName: 'Jean',
  lastName: 'Tremblay',
  email: 'jean@epicerie.example',
  phone: '+1 514 555 0199',
  companyName: 'Épicerie Fine Tremblay',
  jobTitle: 'Purchasing manager',
  companySize: '11-50',
  industry: 'retail',
  website: 'https://epicerie.example',
  businessNeeds: 'Olive oil and feta for three stores.',
};
type FieldName = keyof typeof filled;

function setup(locale: Locale = 'en', ui: ReactElement = <B2BRequestForm />) {
  const user = userEvent.setup();
  renderedAMinuteAgo(() => renderWithProviders(ui, { path: paths[locale] }));
  const t = formsMessages[locale];
  const b = t.b2b;
  const fields: Record<FieldName, HTMLElement> = {
    firstName: screen.getByLabelText(b.firstName),
    lastName: screen.getByLabelText(b.lastName),
    email: screen.getByLabelText(b.email),
    phone: screen.getByLabelText(b.phone),
    companyName: screen.getByLabelText(b.companyName),
    jobTitle: screen.getByLabelText(b.jobTitle),
    companySize: screen.getByLabelText(b.companySize),
    industry: screen.getByLabelText(b.industry),
    website: screen.getByLabelText(new RegExp(`^${b.website}`)),
    businessNeeds: screen.getByLabelText(b.businessNeeds),
  };
  const submit = () => screen.getByRole('button', { name: new RegExp(`^(${b.submit}|${b.submitting})$`) });
  const fill = (values: Partial<Record<FieldName, string>> = {}) => fillFields(user, fields, { ...filled, ...values });
  return { user, t, b, fields, submit, fill };
}

resetBetweenLeadFormTests(loadScript, 'Client login');

describe.each(['en', 'fr'] as const)('B2B request form fields (%s)', (locale) => {
  it('offers the company-size and industry choices with translated labels and fixed values, starting at the empty choice', () => {
    const { b, fields } = setup(locale);
    const options = (select: HTMLElement) =>
      within(select)
        .getAllByRole('option')
        .map((o) => [(o as HTMLOptionElement).value, o.textContent]);
    expect(options(fields.companySize)).toEqual([
      ['', b.select],
      ['1-10', b.companySizes['1-10']],
      ['11-50', b.companySizes['11-50']],
      ['51-200', b.companySizes['51-200']],
      ['201-500', b.companySizes['201-500']],
      ['500+', b.companySizes['500+']],
    ]);
    expect(options(fields.industry).map(([value]) => value)).toEqual([
      '',
      'retail',
      'foodservice',
      'wholesale',
      'distribution',
      'manufacturing',
      'other',
    ]);
    expect(fields.companySize).toHaveValue('');
    expect(fields.industry).toHaveValue('');
    expect(fields.phone).toHaveAttribute('type', 'tel');
    expect(fields.email).toHaveAttribute('type', 'email');
  });

  it('names every missing required field, focuses the first, and sends nothing', async () => {
    const fetchMock = mockFetch();
    const { user, t, fields, submit } = setup(locale);
    await user.click(submit());
    // Validation runs asynchronously: its messages (alerts) appear together once it is done.
    await screen.findAllByRole('alert');
    const expected: Partial<Record<FieldName, string>> = {
      firstName: t.errors.firstNameRequired,
      lastName: t.errors.lastNameRequired,
      email: t.errors.emailRequired,
      phone: t.errors.phoneRequired,
      companyName: t.errors.companyNameRequired,
      jobTitle: t.errors.jobTitleRequired,
      companySize: t.errors.companySizeRequired,
      industry: t.errors.industryRequired,
      businessNeeds: t.errors.businessNeedsRequired,
    };
    for (const [name, message] of Object.entries(expected)) {
      const field = fields[name as FieldName];
      expect(field, name).toHaveAttribute('aria-invalid', 'true');
      expect(field, name).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    // Website is optional.
    expect(fields.website).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getAllByRole('alert')).toHaveLength(9);
    expect(fields.firstName).toHaveFocus();
    expect(sentRequests(fetchMock)).toEqual([]);
  });

  it('refuses a malformed email, phone and website, focusing the first of them', async () => {
    const fetchMock = mockFetch();
    const { user, t, fields, submit, fill } = setup(locale);
    await fill({ email: 'jean at epicerie', phone: 'call me', website: 'not a website' });
    await user.click(submit());
    // Validation runs asynchronously: its messages (alerts) appear together once it is done.
    await screen.findAllByRole('alert');
    expect(fields.email).toHaveAccessibleDescription(t.errors.emailInvalid);
    expect(fields.phone).toHaveAccessibleDescription(t.errors.phoneInvalid);
    expect(fields.website).toHaveAccessibleDescription(t.errors.websiteInvalid);
    expect(fields.email).toHaveFocus();
    expect(sentRequests(fetchMock)).toEqual([]);
  });

  it.each(['ftp://files.example.com', 'javascript:alert(1)', 'https://localhost', 'http://', 'exa mple.com'])(
    'refuses the website %s',
    async (website) => {
      const fetchMock = mockFetch();
      const { user, t, fields, submit } = setup(locale);
      await user.type(fields.website, website);
      await user.click(submit());
      // Validation runs asynchronously: its messages (alerts) appear together once it is done.
      await screen.findAllByRole('alert');
      expect(fields.website).toHaveAccessibleDescription(t.errors.websiteInvalid);
      expect(sentRequests(fetchMock)).toEqual([]);
    },
  );
});

describe('B2B request form messages in French', () => {
  it('uses the French texts on /fr/client/login', async () => {
    mockFetch();
    const { user, fields, submit } = setup('fr');
    expect(within(fields.industry).getByRole('option', { name: 'Sélectionner' })).toHaveValue('');
    expect(within(fields.industry).getByRole('option', { name: 'Commerce de détail' })).toHaveValue('retail');
    expect(submit()).toHaveTextContent('Soumettre la demande');
    await user.click(submit());
    // Validation runs asynchronously: its messages (alerts) appear together once it is done.
    await screen.findAllByRole('alert');
    expect(fields.companySize).toHaveAccessibleDescription('Sélectionnez la taille de votre entreprise.');
  });
});

describe('B2B request form submission', () => {
  it('posts exactly the B2B request’s fields with the page context and the consent to the B2B form id', async () => {
    const fetchMock = mockFetch();
    const { user, submit, fill } = setup('en');
    await fill();
    await user.click(submit());
    await screen.findByRole('status');

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(
      `${env.hubspot.formsApi}/submissions/v3/integration/submit/${env.hubspot.portalId}/${env.hubspot.b2bFormId}`,
    );
    expect(init?.method).toBe('POST');
    expect(loadScript).toHaveBeenCalledWith(env.hubspot.scriptUrl);
    expect(sentBody(fetchMock)).toEqual({
      fields: [
        { name: 'firstname', value: 'Jean' },
        { name: 'lastname', value: 'Tremblay' },
        { name: 'email', value: 'jean@epicerie.example' },
        { name: 'phone', value: '+1 514 555 0199' },
        { name: 'company', value: 'Épicerie Fine Tremblay' },
        { name: 'jobtitle', value: 'Purchasing manager' },
        { name: 'company_size', value: '11-50' },
        { name: 'industry', value: 'retail' },
        { name: 'website', value: 'https://epicerie.example' },
        { name: 'business_needs', value: 'Olive oil and feta for three stores.' },
      ],
      context: { pageUri: window.location.href, pageName: 'Client login' },
      legalConsentOptions: {
        consent: {
          consentToProcess: true,
          text: formsMessages.en.consent.processing,
          communications: [
            {
              value: false,
              subscriptionTypeId: env.hubspot.subscriptionTypeId,
              text: expect.stringContaining('Olea & Thyme'),
            },
          ],
        },
      },
    });
    expect(sentBody(fetchMock.store)).toMatchObject({
      form: 'b2b_request',
      language: 'en',
      fields: (sentBody(fetchMock) as { fields: unknown }).fields,
      marketing_consent: false,
      honeypot: '',
    });
  });

  it('shows an account step’s fields inside the form, disabled with it while sending, and leaves them out of the lead', async () => {
    const answer = deferred<Response>();
    const fetchMock = mockFetch(() => answer.promise);
    const create = vi.fn(() => Promise.resolve(true));
    const account: AccountStep = {
      fields: (
        <label>
          Extra secret <input name="extraSecret" type="password" />
        </label>
      ),
      check: () => true,
      create,
      created: false,
      message: () => null,
    };
    const { user, fill, submit } = setup('en', <B2BRequestForm account={account} />);
    const extra = screen.getByLabelText('Extra secret');
    await user.type(extra, 'S3cret!pass');
    await fill();
    await user.click(submit());
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    expect(extra).toBeDisabled();
    await act(async () => answer.resolve(ok()));
    await screen.findByRole('status');
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ email: 'jean@epicerie.example' }));
    expect(JSON.stringify(sentBody(fetchMock))).not.toContain('S3cret');
    expect(JSON.stringify(sentBody(fetchMock.store))).not.toContain('S3cret');
  });

  it('shows HubSpot’s BLOCKED_EMAIL next to the business email field', async () => {
    mockFetch(() => Promise.resolve(hubspotRefusal('BLOCKED_EMAIL', 'email')));
    const { user, t, fields, fill, submit } = setup('en');
    await fill();
    await user.click(submit());
    await vi.waitFor(() => expect(fields.email).toHaveAccessibleDescription(t.errors.emailBlocked));
    await vi.waitFor(() => expect(fields.email).toHaveFocus());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('sends the spec values whatever the language, an empty optional website, and a bare domain as https', async () => {
    const fetchMock = mockFetch();
    const first = setup('fr');
    await first.fill({ companySize: '500+', industry: 'foodservice', website: '' });
    await first.user.click(first.submit());
    await screen.findByRole('status');
    const fields = (call: number) =>
      Object.fromEntries(
        (sentBody(fetchMock, call) as { fields: { name: string; value: string }[] }).fields.map((f) => [
          f.name,
          f.value,
        ]),
      );
    expect(fields(0)).toMatchObject({ company_size: '500+', industry: 'foodservice', website: '' });

    await first.fill({ website: 'www.epicerie.example' });
    await first.user.click(first.submit());
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fields(1)).toMatchObject({ website: 'https://www.epicerie.example' });
    expect(fetchMock.store).toHaveBeenCalledTimes(2);
  });

  it.each(['en', 'fr'] as const)(
    'disables the inputs while submitting, cannot be sent twice, then shows the green message and clears the form (%s)',
    async (locale) => {
      const answer = deferred<Response>();
      const fetchMock = mockFetch(() => answer.promise);
      const { user, b, fields, submit, fill } = setup(locale);
      await fill();
      await user.click(submit());
      const button = await screen.findByRole('button', { name: b.submitting });
      expect(button).toBeDisabled();
      for (const field of Object.values(fields)) expect(field).toBeDisabled();
      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      await user.click(button);
      act(() => {
        button.closest('form')?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
      });
      expect(fetchMock).toHaveBeenCalledTimes(1);

      await act(async () => answer.resolve(ok()));
      const status = await screen.findByRole('status');
      expect(status).toHaveTextContent(b.success);
      expect(status.className).toMatch(/text-success/);
      for (const field of Object.values(fields)) {
        expect(field).toHaveValue('');
        expect(field).toBeEnabled();
      }
      expect(submit()).toHaveTextContent(b.submit);
      expect(submit()).toHaveFocus();
      // A cleared form shows no validation errors.
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();

      // Editing clears the success message.
      await user.type(fields.firstName, 'A');
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    },
  );

  it.each([
    [
      'en',
      'Submit request',
      'Submitting...',
      'Your B2B access request has been submitted successfully. Our team will contact you shortly.',
    ],
    [
      'fr',
      'Soumettre la demande',
      'Soumission en cours...',
      "Votre demande d'accès B2B a été soumise avec succès. Notre équipe vous contactera sous peu.",
    ],
  ] as const)(
    'says what it is doing, then confirms in the agreed words (%s)',
    async (locale, submitLabel, submittingLabel, success) => {
      const answer = deferred<Response>();
      mockFetch(() => answer.promise);
      const { user, fields, fill } = setup(locale);
      expect(within(fields.companySize as HTMLSelectElement).getAllByRole('option')[0]).toHaveTextContent(
        locale === 'en' ? 'Select' : 'Sélectionner',
      );
      await fill();
      await user.click(screen.getByRole('button', { name: submitLabel }));
      expect(await screen.findByRole('button', { name: submittingLabel })).toBeDisabled();
      await act(async () => answer.resolve(ok()));
      expect(await screen.findByRole('status')).toHaveTextContent(success);
    },
  );
});

describe.each(['en', 'fr'] as const)('B2B request form when HubSpot fails but the request is stored (%s)', (locale) => {
  it.each([
    ['a non-OK answer', () => Promise.resolve(serverError())],
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
  ] as const)('on %s: the green message, the form cleared', async (_label, answer) => {
    const fetchMock = mockFetch(answer);
    const s = setup(locale);
    await s.fill();
    await s.user.click(s.submit());
    expect(await screen.findByRole('status')).toHaveTextContent(s.b.success);
    for (const field of Object.values(s.fields)) expect(field).toHaveValue('');
    await vi.waitFor(() => expect(fetchMock.record).toHaveBeenCalledOnce());
    expect(sentBody(fetchMock.record)).toMatchObject({ status: 'failed' });
  });
});

describe.each(['en', 'fr'] as const)('B2B request form when neither the database nor HubSpot has it (%s)', (locale) => {
  const expectedMessage = {
    en: 'An error occurred while sending. Please try again.',
    fr: "Une erreur s'est produite lors de l'envoi. Veuillez réessayer.",
  }[locale];
  const down = { store: storeAnswers.down };

  async function expectErrorWithValuesKept(s: ReturnType<typeof setup>) {
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(expectedMessage);
    expect(alert.className).toMatch(/text-danger/);
    for (const [name, value] of Object.entries(filled)) expect(s.fields[name as FieldName], name).toHaveValue(value);
    for (const field of Object.values(s.fields)) expect(field).toBeEnabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  }

  it('on a non-OK answer', async () => {
    mockFetch(() => Promise.resolve(serverError()), down);
    const s = setup(locale);
    await s.fill();
    await s.user.click(s.submit());
    await expectErrorWithValuesKept(s);
  });

  it('on a network error', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')), down);
    const s = setup(locale);
    await s.fill();
    await s.user.click(s.submit());
    await expectErrorWithValuesKept(s);
  });

  it('when the provider script fails to load, without posting', async () => {
    loadScript.mockRejectedValue(new Error('script failed'));
    const fetchMock = mockFetch(undefined, down);
    const s = setup(locale);
    await s.fill();
    await s.user.click(s.submit());
    await expectErrorWithValuesKept(s);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('after 15 s without an answer', async () => {
    const fetchMock = mockFetch(() => new Promise<Response>(() => {}), down);
    const s = setup(locale);
    await s.fill();
    // Fake only the clock that matters: typing above ran on real timers.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await s.user.click(s.submit());
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    await act(() => vi.advanceTimersByTimeAsync(14_800));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(400));
    await expectErrorWithValuesKept(s);
  });

  it('clears the red message when any field is edited, including a select', async () => {
    mockFetch(() => Promise.resolve(serverError()), down);
    const s = setup(locale);
    await s.fill();
    await s.user.click(s.submit());
    await screen.findByRole('alert');
    await s.user.selectOptions(s.fields.industry, 'wholesale');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
