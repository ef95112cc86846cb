import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { env } from '@/config/env';
import ContactForm from '@/features/lead-forms/components/contact-form';
import { CONSENT_VERSION } from '@/features/lead-forms/consent';
import { formsMessages } from '@/features/lead-forms/use-forms-messages';
import type { Locale } from '@/i18n/locales';
import { loadScriptOnce } from '@/integrations/hubspot/load-script';
import { renderWithProviders } from '@tests/support/render';
import {
  deferred,
  fillFields,
  FORM_TOKEN,
  hubspotRefusal,
  mockFetch,
  ok,
  renderedAMinuteAgo,
  resetBetweenLeadFormTests,
  sentBody,
  sentRequests,
  serverError,
  setCookie,
  storeAnswers,
} from '@tests/support/lead-form-requests';

vi.mock('@/integrations/hubspot/load-script', () => ({ loadScriptOnce: vi.fn() }));
const loadScript = vi.mocked(loadScriptOnce);

const paths: Record<Locale, string> = { en: '/', fr: '/fr' };

function setup(locale: Locale = 'en', { justAppeared = false } = {}) {
  const user = userEvent.setup();
  const render = () => renderWithProviders(<ContactForm />, { path: paths[locale] });
  if (justAppeared) {
    // The clock stands still from the form's appearance to its sending, so it
    // is sent "at once" however long a busy machine takes to type it
    // (real timers come back after each test).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    render();
  } else renderedAMinuteAgo(render);
  const t = formsMessages[locale];
  const c = t.contact;
  const fields = {
    firstName: screen.getByLabelText(c.firstName),
    lastName: screen.getByLabelText(c.lastName),
    email: screen.getByLabelText(c.email),
    phone: screen.getByLabelText(new RegExp(`^${c.phone}`)),
    message: screen.getByLabelText(c.message),
  };
  // `hidden`: while the modal thank-you dialog is open the page behind it is aria-hidden.
  const submit = () =>
    screen.getByRole('button', { name: new RegExp(`^(${c.submit}|${c.submitting})$`), hidden: true });
  const fill = (values: Partial<Record<keyof typeof fields, string>> = {}) =>
    fillFields(user, fields, {
      firstName: 'Maria',
      lastName: 'Papadopoulou',
      email: 'maria@example.com',
      phone: '613-555-0142',
      message: 'We would like to import your olive oils.',
      ...values,
    });
  return { user, t, c, fields, submit, fill };
}

resetBetweenLeadFormTests(loadScript, 'Olea & Thyme Imports');

describe.each(['en', 'fr'] as const)('contact form validation (%s)', (locale) => {
  it('names every missing required field next to it, focuses the first, and sends nothing', async () => {
    const fetchMock = mockFetch();
    const { user, t, fields, submit } = setup(locale);
    await user.click(submit());
    // Validation runs asynchronously: its messages (alerts) appear together once it is done.
    await screen.findAllByRole('alert');

    const expected = {
      firstName: t.errors.firstNameRequired,
      lastName: t.errors.lastNameRequired,
      email: t.errors.emailRequired,
      message: t.errors.messageRequired,
    };
    for (const [name, message] of Object.entries(expected)) {
      const field = fields[name as keyof typeof fields];
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(message);
      const error = document.getElementById(field.getAttribute('aria-describedby') ?? '');
      expect(error).toHaveAttribute('role', 'alert');
    }
    // Phone is optional.
    expect(fields.phone).toHaveAttribute('aria-invalid', 'false');
    expect(fields.phone).not.toHaveAccessibleDescription();
    expect(fields.firstName).toHaveFocus();
    expect(sentRequests(fetchMock)).toEqual([]);
    expect(loadScript).not.toHaveBeenCalled();
  });

  it('refuses a malformed email and phone, and focuses the first bad field', async () => {
    const fetchMock = mockFetch();
    const { user, t, fields, submit, fill } = setup(locale);
    await fill({ email: 'maria@example', phone: '613' });
    await user.click(submit());
    // Validation runs asynchronously: its messages (alerts) appear together once it is done.
    await screen.findAllByRole('alert');
    expect(fields.email).toHaveAccessibleDescription(t.errors.emailInvalid);
    expect(fields.phone).toHaveAccessibleDescription(t.errors.phoneInvalid);
    expect(fields.email).toHaveFocus();
    expect(sentRequests(fetchMock)).toEqual([]);
  });

  it('refuses an over-long message with its limit in the message', async () => {
    mockFetch();
    const { user, t, fields, submit, fill } = setup(locale);
    await fill();
    // Pasting is how 5,000 characters arrive; typing them would take minutes.
    await user.clear(fields.message);
    await user.click(fields.message);
    await user.paste('x'.repeat(5001));
    await user.click(submit());
    // Validation runs asynchronously: its messages (alerts) appear together once it is done.
    await screen.findAllByRole('alert');
    expect(fields.message).toHaveAccessibleDescription(t.errors.tooLong(5000));
    expect(t.errors.tooLong(5000)).toMatch(/5000/);
  });

  it('clears a field’s message as soon as it is fixed', async () => {
    mockFetch();
    const { user, t, fields, submit } = setup(locale);
    await user.click(submit());
    // Validation runs asynchronously: its messages (alerts) appear together once it is done.
    await screen.findAllByRole('alert');
    expect(fields.email).toHaveAccessibleDescription(t.errors.emailRequired);
    await user.type(fields.email, 'maria@');
    expect(fields.email).toHaveAccessibleDescription(t.errors.emailInvalid);
    await user.type(fields.email, 'example.com');
    expect(fields.email).toHaveAttribute('aria-invalid', 'false');
    expect(fields.email).not.toHaveAccessibleDescription();
  });
});

describe('contact form validation messages in French', () => {
  it('are French on /fr', async () => {
    mockFetch();
    const { user, fields, submit } = setup('fr');
    expect(fields.phone).toHaveAttribute('placeholder', 'xxx-xxx-xxxx');
    await user.click(submit());
    // Validation runs asynchronously: its messages (alerts) appear together once it is done.
    await screen.findAllByRole('alert');
    expect(fields.firstName).toHaveAccessibleDescription('Entrez votre prénom.');
    expect(fields.email).toHaveAccessibleDescription('Entrez votre adresse courriel.');
  });
});

describe('contact form submission', () => {
  it('posts exactly the contact form’s fields with the page context and the consent to the contact form id', async () => {
    const fetchMock = mockFetch();
    const { user, submit, fill } = setup('en');
    await fill({ firstName: '  Maria ', phone: '(613) 555-0142' });
    await user.click(submit());
    await screen.findByRole('dialog');

    expect(loadScript).toHaveBeenCalledWith(env.hubspot.scriptUrl);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(
      `${env.hubspot.formsApi}/submissions/v3/integration/submit/${env.hubspot.portalId}/${env.hubspot.contactFormId}`,
    );
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(sentBody(fetchMock)).toEqual({
      fields: [
        { name: 'firstname', value: 'Maria' },
        { name: 'lastname', value: 'Papadopoulou' },
        { name: 'email', value: 'maria@example.com' },
        { name: 'phone', value: '(613) 555-0142' },
        { name: 'message', value: 'We would like to import your olive oils.' },
      ],
      context: { pageUri: window.location.href, pageName: 'Olea & Thyme Imports' },
      legalConsentOptions: {
        consent: {
          consentToProcess: true,
          text: expect.stringContaining('HubSpot'),
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
  });

  it('loads the provider script before posting', async () => {
    const script = deferred<void>();
    loadScript.mockReturnValue(script.promise);
    const fetchMock = mockFetch();
    const { user, submit, fill } = setup('en');
    await fill();
    await user.click(submit());
    await vi.waitFor(() => expect(loadScript).toHaveBeenCalledTimes(1));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(async () => script.resolve());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  });

  it('adds the HubSpot tracking token when cookies were accepted and the cookie exists, and sends an empty optional phone', async () => {
    setCookie('hubspotutk=5f3c0ffee0123456789abcdef0123456');
    window.localStorage.setItem('cookie-consent', 'accepted');
    const fetchMock = mockFetch();
    const { user, submit, fill } = setup('en');
    await fill({ phone: '' });
    await user.click(submit());
    await screen.findByRole('dialog');
    const body = sentBody(fetchMock) as { fields: { name: string; value: string }[]; context: Record<string, string> };
    expect(body.context).toEqual({
      pageUri: window.location.href,
      pageName: 'Olea & Thyme Imports',
      hutk: '5f3c0ffee0123456789abcdef0123456',
    });
    expect(body.fields.find((f) => f.name === 'phone')).toEqual({ name: 'phone', value: '' });
  });

  it('leaves the tracking token out after cookies were declined', async () => {
    setCookie('hubspotutk=5f3c0ffee0123456789abcdef0123456');
    window.localStorage.setItem('cookie-consent', 'declined');
    const fetchMock = mockFetch();
    const { user, submit, fill } = setup('en');
    await fill();
    await user.click(submit());
    await screen.findByRole('dialog');
    expect((sentBody(fetchMock) as { context: Record<string, string> }).context).not.toHaveProperty('hutk');
    expect(sentBody(fetchMock.store)).not.toHaveProperty('hutk');
  });

  it.each(['en', 'fr'] as const)(
    'asks for marketing consent with an unticked, optional checkbox, and sends the answer (%s)',
    async (locale) => {
      const fetchMock = mockFetch();
      const { user, t, submit, fill } = setup(locale);
      const box = screen.getByRole('checkbox');
      expect(box).not.toBeChecked();
      expect(box).toHaveAccessibleName(t.consent.marketingLabel('Olea & Thyme Imports Inc.'));
      expect(box).toHaveAccessibleDescription(expect.stringContaining('privacy@example.com'));
      await fill();
      await user.click(submit());
      await screen.findByRole('dialog');
      const consent = (body: unknown) =>
        (body as { legalConsentOptions: { consent: { communications: Array<{ value: boolean }> } } })
          .legalConsentOptions.consent.communications[0]?.value;
      expect(consent(sentBody(fetchMock))).toBe(false);
      expect(sentBody(fetchMock.store)).toMatchObject({ marketing_consent: false, language: locale, form: 'contact' });

      await user.click(within(screen.getByRole('dialog')).getAllByRole('button', { name: t.contact.close })[0]!);
      await fill();
      await user.click(screen.getByRole('checkbox'));
      await user.click(submit());
      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
      expect(consent(sentBody(fetchMock, 1))).toBe(true);
      expect(sentBody(fetchMock.store, 1)).toMatchObject({ marketing_consent: true });
    },
  );

  it('takes a form sent as soon as it appeared for a bot: stored as such, never sent to HubSpot, and thanked the same', async () => {
    const fetchMock = mockFetch(undefined, { store: storeAnswers.spam });
    const { user, submit, fill } = setup('en', { justAppeared: true });
    await fill();
    await user.click(submit());
    await screen.findByRole('dialog');
    expect(fetchMock).not.toHaveBeenCalled();
    // The server measures the time from the token the form fetched when the visitor reached it.
    expect(fetchMock.token).toHaveBeenCalledOnce();
    expect(sentBody(fetchMock.store)).toMatchObject({ form_token: FORM_TOKEN });
    expect(sentBody(fetchMock.store)).not.toHaveProperty('fill_ms');
  });

  it('fetches the form token only once the visitor comes to the form, and sends no consent text of its own', async () => {
    const fetchMock = mockFetch();
    const { user, submit, fill } = setup('fr');
    expect(fetchMock.token).not.toHaveBeenCalled();
    await fill();
    expect(fetchMock.token).toHaveBeenCalledOnce();
    await user.click(submit());
    await screen.findByRole('dialog');
    const body = sentBody(fetchMock.store) as Record<string, unknown>;
    expect(body).toMatchObject({ form_token: FORM_TOKEN, consent_version: CONSENT_VERSION });
    expect(body).not.toHaveProperty('consent_text');
    expect(body).not.toHaveProperty('processing_text');
    expect(fetchMock.token).toHaveBeenCalledOnce();
  });

  it('sends with the token fetched at Send when it could not be fetched on approach', async () => {
    let tries = 0;
    const fetchMock = mockFetch(undefined, {
      token: () => {
        tries += 1;
        return tries === 1
          ? Promise.reject(new TypeError('Failed to fetch'))
          : Promise.resolve(new Response(JSON.stringify(FORM_TOKEN), { status: 200 }));
      },
    });
    const { user, submit, fill } = setup('en');
    await fill();
    await user.click(submit());
    await screen.findByRole('dialog');
    expect(sentBody(fetchMock.store)).toMatchObject({ form_token: FORM_TOKEN });
  });

  it.each(['en', 'fr'] as const)(
    'past the per-client limit, says so in the page’s language, keeps every value and never sends to HubSpot (%s)',
    async (locale) => {
      const fetchMock = mockFetch(undefined, { store: storeAnswers.limited });
      const { user, t, fields, submit, fill } = setup(locale);
      await fill();
      await user.click(submit());
      expect(await screen.findByText(t.submitLimited)).toBeVisible();
      expect(screen.queryByText(t.submitError)).not.toBeInTheDocument();
      expect(fetchMock).not.toHaveBeenCalled();
      expect(fields.email).toHaveValue('maria@example.com');
    },
  );

  it('a lead the database refused is not sent to HubSpot either: the form’s error, values kept', async () => {
    const fetchMock = mockFetch(undefined, { store: storeAnswers.refused });
    const { user, t, fields, submit, fill } = setup('en');
    await fill();
    await user.click(submit());
    expect(await screen.findByText(t.submitError)).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(fields.email).toHaveValue('maria@example.com');
  });

  it('takes a filled honeypot for a bot, even when the lead cannot be stored', async () => {
    const fetchMock = mockFetch(undefined, { store: storeAnswers.down });
    const { user, submit, fill } = setup('en');
    await fill();
    const honeypot = document.querySelector<HTMLInputElement>('input[name="referralCode"]');
    if (!honeypot) throw new Error('no honeypot');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(honeypot.tabIndex).toBe(-1);
    await user.type(honeypot, 'https://spam.example');
    await user.click(submit());
    await screen.findByRole('dialog');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows HubSpot’s INVALID_EMAIL next to the email field, keeps every value and focuses it', async () => {
    mockFetch(() => Promise.resolve(hubspotRefusal('INVALID_EMAIL', 'email')));
    const { user, t, fields, submit, fill } = setup('fr');
    await fill();
    await user.click(submit());
    await vi.waitFor(() => expect(fields.email).toHaveAccessibleDescription(t.errors.emailRejected));
    expect(fields.email).toHaveAttribute('aria-invalid', 'true');
    await vi.waitFor(() => expect(fields.email).toHaveFocus());
    expect(fields.email).toHaveValue('maria@example.com');
    expect(screen.queryByText(t.submitError)).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.clear(fields.email);
    await user.type(fields.email, 'maria@olea.example');
    expect(fields.email).toHaveAttribute('aria-invalid', 'false');
  });

  it.each(['en', 'fr'] as const)(
    'disables everything while sending, cannot be sent twice, then thanks the visitor and clears the form (%s)',
    async (locale) => {
      const answer = deferred<Response>();
      const fetchMock = mockFetch(() => answer.promise);
      const { user, c, fields, submit, fill } = setup(locale);
      await fill();
      await user.click(submit());

      const button = await screen.findByRole('button', { name: c.submitting });
      expect(button).toBeDisabled();
      for (const field of Object.values(fields)) expect(field).toBeDisabled();
      // A second click or Enter while sending does nothing.
      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      await user.click(button);
      fireSubmit(button.closest('form'));
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(fetchMock.store).toHaveBeenCalledTimes(1);

      await act(async () => answer.resolve(ok()));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByRole('heading', { name: c.thankYouTitle })).toBeInTheDocument();
      expect(dialog).toHaveAccessibleDescription(c.thankYouBody);
      for (const field of Object.values(fields)) {
        expect(field).toHaveValue('');
        expect(field).toBeEnabled();
      }
      expect(submit()).toHaveTextContent(c.submit);

      await user.click(within(dialog).getAllByRole('button', { name: c.close })[0]!);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(submit()).toHaveFocus();
      expect(fetchMock).toHaveBeenCalledTimes(1);
    },
  );

  it.each([
    ['en', 'Send message', 'Sending...', 'Thank you.', "We'll be following up shortly."],
    ['fr', 'Envoyer le message', 'Envoi en cours...', 'Merci.', 'Nous vous contacterons sous peu.'],
  ] as const)(
    'says what it is doing, then thanks the visitor in the agreed words (%s)',
    async (locale, sendLabel, sendingLabel, title, body) => {
      const answer = deferred<Response>();
      mockFetch(() => answer.promise);
      const { user, fill } = setup(locale);
      await fill();
      await user.click(screen.getByRole('button', { name: sendLabel }));
      expect(await screen.findByRole('button', { name: sendingLabel })).toBeDisabled();
      await act(async () => answer.resolve(ok()));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByRole('heading', { name: title })).toBeInTheDocument();
      expect(dialog).toHaveAccessibleDescription(body);
    },
  );
});

function fireSubmit(form: HTMLFormElement | null) {
  if (!form) throw new Error('no form');
  act(() => {
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
}

describe.each(['en', 'fr'] as const)('contact form when HubSpot fails but the lead is stored (%s)', (locale) => {
  async function expectReceived(s: ReturnType<typeof setup>, fetchMock: ReturnType<typeof mockFetch>, outcome: object) {
    expect(await screen.findByRole('dialog')).toHaveAccessibleDescription(s.c.thankYouBody);
    expect(screen.queryByText(s.t.submitError)).not.toBeInTheDocument();
    await vi.waitFor(() => expect(fetchMock.record).toHaveBeenCalledOnce());
    expect(sentBody(fetchMock.record)).toMatchObject(outcome);
  }

  it('on a non-OK answer', async () => {
    const fetchMock = mockFetch(() => Promise.resolve(serverError()));
    const s = setup(locale);
    await s.fill();
    await s.user.click(s.submit());
    await expectReceived(s, fetchMock, { status: 'failed', failure: 'status', http_status: 500, error_types: [] });
  });

  it('when the provider script fails to load', async () => {
    loadScript.mockRejectedValue(new Error('script failed'));
    const fetchMock = mockFetch();
    const s = setup(locale);
    await s.fill();
    await s.user.click(s.submit());
    await expectReceived(s, fetchMock, { status: 'failed', failure: 'script', http_status: null });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe.each(['en', 'fr'] as const)(
  'contact form when neither the database nor HubSpot has the lead (%s)',
  (locale) => {
    const expectedMessage = {
      en: 'An error occurred while sending. Please try again.',
      fr: "Une erreur s'est produite lors de l'envoi. Veuillez réessayer.",
    }[locale];

    async function expectErrorWithValuesKept(setupResult: ReturnType<typeof setup>) {
      const { fields, c, submit } = setupResult;
      expect(await screen.findByRole('alert')).toHaveTextContent(expectedMessage);
      expect(fields.firstName).toHaveValue('Maria');
      expect(fields.lastName).toHaveValue('Papadopoulou');
      expect(fields.email).toHaveValue('maria@example.com');
      expect(fields.phone).toHaveValue('613-555-0142');
      expect(fields.message).toHaveValue('We would like to import your olive oils.');
      for (const field of Object.values(fields)) expect(field).toBeEnabled();
      expect(submit()).toHaveTextContent(c.submit);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    }

    const down = { store: storeAnswers.down };

    it('on a non-OK answer', async () => {
      mockFetch(() => Promise.resolve(serverError()), down);
      const s = setup(locale);
      await s.fill();
      await s.user.click(s.submit());
      await expectErrorWithValuesKept(s);
      // Focus is not left on <body> once the fields are enabled again.
      expect(s.submit()).toHaveFocus();
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
      const fetchMock = mockFetch(
        () =>
          new Promise<Response>((_resolve, reject) => {
            // Like the browser: an aborted request rejects.
            const signal = fetchMock.mock.calls.at(-1)?.[1]?.signal;
            signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
        down,
      );
      const s = setup(locale);
      await s.fill();
      // Fake only the clock that matters: typing above ran on real timers.
      vi.useFakeTimers({ shouldAdvanceTime: true });
      await s.user.click(s.submit());
      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
      await act(() => vi.advanceTimersByTimeAsync(14_000));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(s.submit()).toBeDisabled();
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      await expectErrorWithValuesKept(s);
      expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(true);
    });

    it('clears the error when a field is edited, and a retry can succeed', async () => {
      let fail = true;
      const fetchMock = mockFetch(() => Promise.resolve(fail ? serverError() : ok()), down);
      const s = setup(locale);
      await s.fill();
      await s.user.click(s.submit());
      await screen.findByRole('alert');
      await s.user.type(s.fields.message, '!');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      fail = false;
      await s.user.click(s.submit());
      await screen.findByRole('dialog');
      expect(fetchMock).toHaveBeenCalledTimes(2);
    });
  },
);
