import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearRequestDraft,
  loadRequestDraft,
  requestAccount,
  saveRequestDraft,
  submitAccessRequest,
  unguessablePassword,
} from '@/lib/session/account-api';

const supabase = vi.hoisted(() => ({
  auth: { signUp: vi.fn() },
  rpc: vi.fn(),
}));
vi.mock('@/lib/supabase/load-client', () => ({ loadSupabase: () => Promise.resolve(supabase) }));

const DETAILS = {
  firstName: 'Vera',
  lastName: 'Owner',
  company: 'Olive Grove',
  jobTitle: 'Buyer',
  phone: '613-555-0100',
  companySize: '11-50',
  industry: 'retail',
};

beforeEach(() => {
  supabase.auth.signUp.mockReset().mockResolvedValue({ data: {}, error: null });
  supabase.rpc.mockReset().mockResolvedValue({ data: null, error: null });
  window.localStorage.clear();
});

describe('requestAccount', () => {
  it('signs up with a fresh random password and the language only: nothing typed reaches the account', async () => {
    await requestAccount({ email: 'vera@example.com', locale: 'fr', confirmPath: '/fr/client/confirm' });
    await requestAccount({ email: 'vera@example.com', locale: 'fr', confirmPath: '/fr/client/confirm' });
    const [first, second] = supabase.auth.signUp.mock.calls.map(([args]) => args as Record<string, unknown>);
    expect(first).toMatchObject({
      email: 'vera@example.com',
      options: { emailRedirectTo: `${window.location.origin}/fr/client/confirm`, data: { locale: 'fr' } },
    });
    expect((first?.options as { data: unknown }).data).toEqual({ locale: 'fr' });
    expect(first?.password).not.toBe(second?.password);
    expect(String(first?.password).length).toBeGreaterThanOrEqual(20);
  });

  it('makes passwords with each kind of character the policy asks for', () => {
    expect(unguessablePassword()).toMatch(/(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*!)/);
  });
});

describe('the request draft', () => {
  it('keeps the details in this browser until they are sent', () => {
    expect(loadRequestDraft()).toBeNull();
    saveRequestDraft(DETAILS);
    expect(loadRequestDraft()).toEqual(DETAILS);
    clearRequestDraft();
    expect(loadRequestDraft()).toBeNull();
  });

  it('sends the details through the owner-only RPC', async () => {
    await submitAccessRequest(DETAILS, 'en');
    expect(supabase.rpc).toHaveBeenCalledWith('submit_access_request', {
      first_name: 'Vera',
      last_name: 'Owner',
      company: 'Olive Grove',
      job_title: 'Buyer',
      phone: '613-555-0100',
      company_size: '11-50',
      industry: 'retail',
      locale: 'en',
    });
  });
});
