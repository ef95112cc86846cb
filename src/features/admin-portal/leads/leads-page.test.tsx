import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeSupabaseState, fakeSupabase, type FakeCall, type FakeResponse } from '@tests/support/fake-supabase';
import { flagList } from '@tests/support/render';
import { renderPortal } from '@tests/support/render-portal';
import type { Lead } from './leads-api';

vi.mock('@/lib/supabase/client', async () => (await import('@tests/support/fake-supabase')).fakeClientModule());
vi.mock('@/lib/supabase/rest', async () => (await import('@tests/support/fake-supabase')).fakeRestModule());

// The machine running the suites may be busy: give the first render time.
configure({ asyncUtilTimeout: 5000 });

function makeLead(overrides: Partial<Lead> = {}): Lead {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    created_at: '2026-11-20T14:05:00Z',
    form: 'contact',
    language: 'fr',
    fields: [
      { name: 'firstname', value: 'Eleni' },
      { name: 'lastname', value: 'Georgiou' },
      { name: 'email', value: 'eleni@example.com' },
      { name: 'phone', value: '+1 613 555 0142' },
      { name: 'message', value: '=HYPERLINK("http://evil.example")' },
    ],
    page_uri: 'http://localhost:4173/fr#contact',
    page_name: 'Olea & Thyme',
    hutk: 'hutk-123',
    marketing_consent: true,
    consent_version: '2026-11-23',
    consent_text: 'Oui, envoyez-moi des nouvelles.',
    processing_text: 'Nous conservons ce que vous envoyez.',
    spam: false,
    spam_reason: null,
    hubspot_status: 'failed',
    hubspot_failure: 'status',
    hubspot_http_status: 500,
    hubspot_error_types: [],
    form_mismatch: false,
    hubspot_attempts: 1,
    hubspot_updated_at: '2026-11-20T14:05:03Z',
    delivery_due_at: null,
    delivery_attempts: 0,
    delivery_claim: null,
    delivery_locked_until: null,
    delivery_requested_by: null,
    ...overrides,
  };
}

const failed = makeLead();
const sent = makeLead({
  id: '22222222-2222-4222-8222-222222222222',
  created_at: '2026-11-19T09:00:00Z',
  form: 'b2b_request',
  language: 'en',
  fields: [
    { name: 'firstname', value: 'Jean' },
    { name: 'lastname', value: 'Tremblay' },
    { name: 'email', value: 'jean@example.com' },
    { name: 'company', value: 'Épicerie, "Fine"' },
  ],
  hutk: null,
  marketing_consent: false,
  hubspot_status: 'rejected',
  hubspot_failure: 'rejected',
  hubspot_http_status: 400,
  hubspot_error_types: ['FIELD_NOT_IN_FORM_DEFINITION'],
  form_mismatch: true,
});

type Answer = (call: FakeCall) => FakeResponse | undefined;

const browserAttempt = {
  id: 1,
  attempted_at: '2026-11-20T14:05:03Z',
  actor: 'browser',
  staff_name: null,
  staff_email: null,
  outcome: 'failed',
  failure: 'status',
  http_status: 500,
  error_types: [],
  result: 'applied',
};
let leadsAnswer: Answer;
let resendAnswer: Answer;
let attemptsAnswer: Answer;
/** The lead as the server left it after a resend. */
let afterResend: Lead;

function respond(call: FakeCall): FakeResponse {
  if (call.rpc === 'purge_expired_leads') return { data: 3, error: null };
  if (call.rpc === 'lead_retention_periods') {
    return {
      data: [{ retention_months: 24, retention_days: 0, spam_retention_months: 0, spam_retention_days: 30 }],
      error: null,
    };
  }
  if (call.method === 'function' && call.rpc === 'deliver-leads')
    return resendAnswer(call) ?? { data: null, error: null };
  if (call.table === 'lead_delivery_attempts') return attemptsAnswer(call) ?? { data: [], error: null };
  if (call.table === 'leads' && call.filters.some(([column]) => column === 'id'))
    return { data: afterResend, error: null };
  if (call.table === 'leads') return leadsAnswer(call) ?? { data: [], error: null, count: 0 };
  return { data: flagList(), error: null };
}

const leadCalls = () => fakeSupabase.state.calls.filter((c) => c.table === 'leads' && c.method === 'select');

beforeEach(() => {
  fakeSupabase.state = createFakeSupabaseState();
  fakeSupabase.state.respond = respond;
  leadsAnswer = () => ({ data: [failed, sent], error: null, count: 2 });
  resendAnswer = () => ({ data: { result: 'sent' }, error: null });
  attemptsAnswer = () => ({ data: [browserAttempt], error: null });
  afterResend = {
    ...failed,
    hubspot_status: 'sent',
    hubspot_failure: null,
    hubspot_http_status: 200,
    hubspot_attempts: 2,
  };
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Leads page', () => {
  it('purges expired leads, then lists the newest first, a page of 50, and states the retention periods', async () => {
    renderPortal('/admin-portal/leads');
    const rows = await screen.findAllByTestId('lead-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Eleni Georgiou');
    expect(rows[0]).toHaveTextContent('Failed');
    expect(rows[1]).toHaveTextContent('Rejected');
    expect(rows[1]).toHaveTextContent('Form mismatch');

    const calls = fakeSupabase.state.calls.map((c) => c.rpc ?? `${c.method} ${c.table}`);
    expect(calls.indexOf('purge_expired_leads')).toBeGreaterThanOrEqual(0);
    expect(calls.indexOf('purge_expired_leads')).toBeLessThan(calls.indexOf('select leads'));
    // Spam is hidden unless asked for; the first page is rows 0–49.
    expect(leadCalls()[0]?.filters).toEqual([
      ['spam', false],
      ['range', [0, 49]],
    ]);
    expect(screen.getByText('Showing 1–2 of 2 leads, 50 a page.')).toBeInTheDocument();
    expect(screen.getByTestId('lead-retention')).toHaveTextContent(
      'Leads are deleted 24 months after they arrive, spam after 30 days; expired leads are deleted each time this list is opened or refreshed. 3 expired leads were just deleted.',
    );
    expect(screen.getByRole('link', { name: 'Leads' })).toHaveAttribute('aria-current', 'page');
  });

  it('reads its filters from the URL, and a changed filter goes back to page 1 and into the links', async () => {
    const user = userEvent.setup();
    leadsAnswer = () => ({ data: [failed], error: null, count: 120 });
    renderPortal('/admin-portal/leads?form=b2b&language=fr&consent=not-given&outcome=failed&spam=include&page=2');
    await screen.findAllByTestId('lead-row');
    expect(leadCalls()[0]?.filters).toEqual([
      ['form', 'b2b_request'],
      ['language', 'fr'],
      ['marketing_consent', false],
      ['hubspot_status', 'failed'],
      ['range', [50, 99]],
    ]);
    const filters = screen.getByRole('search', { name: 'Filter leads' });
    expect(within(filters).getByLabelText('Form')).toHaveValue('b2b');
    expect(within(filters).getByLabelText('HubSpot outcome')).toHaveValue('failed');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Next page' })).toHaveAttribute(
      'href',
      '/admin-portal/leads?form=b2b&language=fr&consent=not-given&outcome=failed&spam=include&page=3',
    );

    await user.selectOptions(within(filters).getByLabelText('Spam'), 'Only spam');
    await waitFor(() => expect(leadCalls().at(-1)?.filters).toContainEqual(['spam', true]));
    expect(leadCalls().at(-1)?.filters).toContainEqual(['range', [0, 49]]);
    expect(screen.getByRole('link', { name: 'Next page' })).toHaveAttribute(
      'href',
      '/admin-portal/leads?form=b2b&language=fr&consent=not-given&outcome=failed&spam=only&page=2',
    );

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() =>
      expect(leadCalls().at(-1)?.filters).toEqual([
        ['spam', false],
        ['range', [0, 49]],
      ]),
    );
    expect(within(filters).getByLabelText('Form')).toHaveValue('');
  });

  it('keeps every filter changed before the page has rendered the previous change', async () => {
    leadsAnswer = () => ({ data: [failed], error: null, count: 1 });
    renderPortal('/admin-portal/leads');
    await screen.findAllByTestId('lead-row');
    const filters = screen.getByRole('search', { name: 'Filter leads' });
    // Both changes inside one act: React renders once, after the second.
    act(() => {
      fireEvent.change(within(filters).getByLabelText('HubSpot outcome'), { target: { value: 'failed' } });
      fireEvent.change(within(filters).getByLabelText('Language'), { target: { value: 'fr' } });
    });
    await waitFor(() =>
      expect(leadCalls().at(-1)?.filters).toEqual(
        expect.arrayContaining([
          ['language', 'fr'],
          ['hubspot_status', 'failed'],
        ]),
      ),
    );
    expect(within(filters).getByLabelText('HubSpot outcome')).toHaveValue('failed');
    expect(within(filters).getByLabelText('Language')).toHaveValue('fr');
  });

  it('says when there is no lead, or none matching the filters', async () => {
    leadsAnswer = () => ({ data: [], error: null, count: 0 });
    const { unmount } = renderPortal('/admin-portal/leads');
    expect(await screen.findByText('No leads yet.')).toBeInTheDocument();
    unmount();
    renderPortal('/admin-portal/leads?outcome=not_sent');
    expect(await screen.findByText('No leads match these filters.')).toBeInTheDocument();
    expect(screen.getByText(/Leads not sent are spam/)).toBeInTheDocument();
  });

  it('keeps the page, with a way to retry, when the leads cannot be loaded', async () => {
    const user = userEvent.setup();
    leadsAnswer = () => ({ data: null, error: { message: 'permission denied for table leads', code: '42501' } });
    renderPortal('/admin-portal/leads');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The leads could not be loaded: permission denied for table leads');
    expect(screen.getByRole('heading', { level: 1, name: 'Leads' })).toBeInTheDocument();
    expect(screen.getByRole('search', { name: 'Filter leads' })).toBeInTheDocument();

    leadsAnswer = () => ({ data: [failed], error: null, count: 1 });
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('lead-row')).toHaveTextContent('Eleni Georgiou');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows every stored field of a lead in a dialog that returns focus when closed', async () => {
    const user = userEvent.setup();
    renderPortal('/admin-portal/leads');
    await screen.findAllByTestId('lead-row');
    const view = screen.getByRole('button', { name: 'View the lead from Jean Tremblay' });
    await user.click(view);
    const dialog = screen.getByRole('dialog', { name: 'Lead from Jean Tremblay' });
    for (const text of [
      'Company',
      'Épicerie, "Fine"',
      'Not given',
      '2026-11-23',
      'Oui, envoyez-moi des nouvelles.',
      'Nous conservons ce que vous envoyez.',
      'http://localhost:4173/fr#contact',
      'Olea & Thyme',
      'None (cookies not accepted)',
      'Rejected: HubSpot refused values; HTTP 400; FIELD_NOT_IN_FORM_DEFINITION',
      sent.id,
    ]) {
      expect(dialog, text).toHaveTextContent(text);
    }
    expect(within(dialog).getByText(/the HubSpot form no longer matches/)).toBeInTheDocument();
    expect(within(dialog).getByText('B2B access', { selector: 'dd' })).toBeInTheDocument();
    expect(within(dialog).getByText('English', { selector: 'dd' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(view).toHaveFocus();
  });

  it('lists every attempt with who made it, when and its result', async () => {
    const user = userEvent.setup();
    attemptsAnswer = () => ({
      data: [
        browserAttempt,
        { ...browserAttempt, id: 2, attempted_at: '2026-11-20T14:08:00Z', actor: 'server', result: 'retry' },
        {
          ...browserAttempt,
          id: 3,
          attempted_at: '2026-11-20T15:00:00Z',
          actor: 'staff',
          staff_name: 'Maya Haddad',
          staff_email: 'maya@example.com',
          outcome: 'sent',
          failure: null,
          http_status: 200,
        },
      ],
      error: null,
    });
    renderPortal('/admin-portal/leads');
    await screen.findAllByTestId('lead-row');
    await user.click(screen.getByRole('button', { name: 'View the lead from Eleni Georgiou' }));
    const dialog = screen.getByRole('dialog');
    const attempts = await within(dialog).findAllByTestId('lead-attempt');
    expect(attempts.map((a) => a.textContent)).toEqual([
      expect.stringMatching(/^Visitor’s browser · .+Failed: HubSpot answered with an error; HTTP 500$/),
      expect.stringMatching(
        /^Server \(automatic retry\) · .+Failed: HubSpot answered with an error; HTTP 500 \(retry scheduled\)$/,
      ),
      expect.stringMatching(/^Server, resend by Maya Haddad <maya@example.com> · .+Sent$/),
    ]);
    const read = fakeSupabase.state.calls.find((c) => c.table === 'lead_delivery_attempts');
    expect(read?.filters).toEqual([['lead_id', failed.id]]);
  });

  it('asks the server to send a failed lead again, then shows it Sent with the new attempt', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => {};
    resendAnswer = () => undefined;
    fakeSupabase.state.respond = async (call) => {
      if (call.method === 'function') {
        await new Promise<void>((resolve) => (finish = resolve));
        return { data: { result: 'sent' }, error: null };
      }
      return respond(call);
    };
    renderPortal('/admin-portal/leads');
    await screen.findAllByTestId('lead-row');
    await user.click(screen.getByRole('button', { name: 'View the lead from Eleni Georgiou' }));
    const dialog = screen.getByRole('dialog', { name: 'Lead from Eleni Georgiou' });
    await user.click(within(dialog).getByRole('button', { name: 'Send to HubSpot again' }));

    expect(within(dialog).getByRole('button', { name: 'Sending to HubSpot…' })).toBeDisabled();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Sending to HubSpot…');
    const invoke = fakeSupabase.state.calls.find((c) => c.method === 'function');
    expect(invoke).toMatchObject({ rpc: 'deliver-leads', args: { lead_id: failed.id } });
    // The browser itself sends nothing to HubSpot and writes nothing on the lead.
    expect(fakeSupabase.state.calls.some((c) => c.method === 'update')).toBe(false);
    attemptsAnswer = () => ({
      data: [
        browserAttempt,
        {
          ...browserAttempt,
          id: 2,
          actor: 'staff',
          staff_name: 'Admin',
          staff_email: 'admin@example.com',
          outcome: 'sent',
          failure: null,
          http_status: 200,
        },
      ],
      error: null,
    });
    act(() => finish());

    expect(await within(dialog).findByText('HubSpot received the lead. Its outcome is now Sent.')).toHaveAttribute(
      'role',
      'status',
    );
    await waitFor(() =>
      expect(within(dialog).getByText('Outcomes recorded').nextElementSibling).toHaveTextContent('2'),
    );
    expect(await within(dialog).findByText(/^Server, resend by Admin <admin@example.com>/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Send to HubSpot again' })).not.toBeInTheDocument();
  });

  it('says when HubSpot failed again and the server will retry', async () => {
    const user = userEvent.setup();
    resendAnswer = () => ({ data: { result: 'retry' }, error: null });
    afterResend = { ...failed, hubspot_attempts: 2 };
    renderPortal('/admin-portal/leads');
    await screen.findAllByTestId('lead-row');
    await user.click(screen.getByRole('button', { name: 'View the lead from Eleni Georgiou' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send to HubSpot again' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'HubSpot did not take the lead. The attempt is recorded; the server will try again.',
    );
  });

  it('says when the server could not be asked', async () => {
    const user = userEvent.setup();
    resendAnswer = () => ({ data: null, error: { message: 'conflict' }, status: 500 });
    renderPortal('/admin-portal/leads');
    await screen.findAllByTestId('lead-row');
    await user.click(screen.getByRole('button', { name: 'View the lead from Eleni Georgiou' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send to HubSpot again' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The lead could not be sent');
  });

  it('offers no resend for a lead HubSpot has, spam, or one the visitor may still answer for', async () => {
    const user = userEvent.setup();
    const fresh = new Date(Date.now() - 60 * 1000).toISOString();
    const leaseEnds = new Date(Date.now() + 60 * 1000).toISOString();
    leadsAnswer = () => ({
      data: [
        makeLead({ id: 'a', hubspot_status: 'sent', fields: [{ name: 'firstname', value: 'Sent' }] }),
        makeLead({
          id: 'b',
          hubspot_status: 'pending',
          created_at: fresh,
          fields: [{ name: 'firstname', value: 'Fresh' }],
        }),
        makeLead({
          id: 'c',
          spam: true,
          spam_reason: 'honeypot',
          hubspot_status: 'not_sent',
          fields: [{ name: 'firstname', value: 'Bot' }],
        }),
        makeLead({ id: 'd', hubspot_status: 'pending', fields: [{ name: 'firstname', value: 'Stale' }] }),
        makeLead({
          id: 'e',
          delivery_claim: '22222222-2222-4222-8222-222222222222',
          delivery_locked_until: leaseEnds,
          fields: [{ name: 'firstname', value: 'Busy' }],
        }),
      ],
      error: null,
      count: 5,
    });
    renderPortal('/admin-portal/leads?spam=include');
    await screen.findAllByTestId('lead-row');
    for (const [name, offered] of [
      ['Sent', false],
      ['Fresh', false],
      ['Bot', false],
      ['Stale', true],
      ['Busy', false],
    ] as const) {
      await user.click(screen.getByRole('button', { name: `View the lead from ${name}` }));
      const dialog = screen.getByRole('dialog');
      expect(within(dialog).queryAllByRole('button', { name: 'Send to HubSpot again' }), name).toHaveLength(
        offered ? 1 : 0,
      );
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    }
  });

  it('exports the filtered list as a dated CSV that spreadsheets open safely', async () => {
    const user = userEvent.setup();
    let blob: Blob | undefined;
    let fileName = '';
    vi.spyOn(URL, 'createObjectURL').mockImplementation((object) => {
      blob = object as Blob;
      return 'blob:leads';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      fileName = this.download;
    });
    renderPortal('/admin-portal/leads?language=fr');
    await screen.findAllByTestId('lead-row');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText(/^Exported 2 leads to leads-\d{4}-\d{2}-\d{2}\.csv\.$/)).toBeInTheDocument();

    expect(fileName).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(leadCalls().at(-1)?.filters).toEqual([
      ['language', 'fr'],
      ['spam', false],
      ['range', [0, 999]],
    ]);
    const bytes = new Uint8Array(
      await new Promise<ArrayBuffer>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as ArrayBuffer);
        reader.readAsArrayBuffer(blob!);
      }),
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = new TextDecoder().decode(bytes.slice(3));
    const [header, first, second] = csv.split('\r\n');
    expect(header).toMatch(
      /^Received \(UTC\),Form,Language,First name,Last name,Email,Phone,Message,Company,Marketing consent,/,
    );
    expect(first).toContain(
      `2026-11-20T14:05:00Z,Contact,fr,Eleni,Georgiou,eleni@example.com,'+1 613 555 0142,"'=HYPERLINK(""http://evil.example"")",,given,`,
    );
    expect(second).toContain('B2B access,en,Jean,Tremblay,jean@example.com,,,"Épicerie, ""Fine""",not given,');
    expect(second).toContain(',rejected,rejected,400,FIELD_NOT_IN_FORM_DEFINITION,yes,');
  });
});
