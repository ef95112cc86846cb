import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeSupabaseState, fakeSupabase, type FakeCall, type FakeResponse } from '@tests/support/fake-supabase';
import { USERS } from '@tests/support/fake-session';
import { renderPortal } from '@tests/support/render-portal';

vi.mock('@/lib/supabase/client', async () => (await import('@tests/support/fake-supabase')).fakeClientModule());
vi.mock('@/lib/supabase/rest', async () => (await import('@tests/support/fake-supabase')).fakeRestModule());

configure({ asyncUtilTimeout: 5000 });

const ok = (data: unknown): FakeResponse => ({ data, error: null });
let profile: unknown;
let writeAnswer: FakeResponse;

beforeEach(() => {
  profile = null;
  writeAnswer = ok(null);
  fakeSupabase.state = createFakeSupabaseState();
  fakeSupabase.state.respond = (call) => {
    if (call.table === 'staff_profiles' && call.method === 'select') return ok(profile);
    if (call.table === 'staff_profiles') return writeAnswer;
    return ok([]);
  };
});

const writes = () =>
  fakeSupabase.state.calls.filter((c: FakeCall) => c.table === 'staff_profiles' && c.method !== 'select');

async function contactForm() {
  renderPortal('/admin-portal/settings');
  return within(await screen.findByRole('form', { name: 'Contact details' }));
}

describe('Settings: contact details for clients', () => {
  it('creates the profile of a staff member who has none, starting from the sign-in address', async () => {
    const user = userEvent.setup();
    const form = await contactForm();
    expect(form.getByLabelText('Email clients write to')).toHaveValue(USERS.admin.email);
    await user.click(form.getByRole('button', { name: 'Save and become available as account manager' }));
    expect(await form.findByText('Enter the name clients see.')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);

    await user.clear(form.getByLabelText('Email clients write to'));
    await user.type(form.getByLabelText('Email clients write to'), 'not an address');
    await user.type(form.getByLabelText('Name shown to clients'), '  Ada Admin ');
    await user.click(form.getByRole('button', { name: 'Save and become available as account manager' }));
    expect(await form.findByText('Enter an email address like name@example.com.')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);

    await user.clear(form.getByLabelText('Email clients write to'));
    await user.type(form.getByLabelText('Email clients write to'), 'ada@olea.example');
    await user.type(form.getByLabelText('Phone (optional)'), '+1 514 555 0100');
    await user.click(form.getByRole('button', { name: 'Save and become available as account manager' }));
    expect(await form.findByRole('status')).toHaveTextContent('Saved. Your clients see these details.');
    expect(writes()).toEqual([
      expect.objectContaining({
        method: 'insert',
        values: {
          user_id: USERS.admin.id,
          display_name: 'Ada Admin',
          email: 'ada@olea.example',
          phone: '+1 514 555 0100',
        },
      }),
    ]);
  });

  it('updates an existing profile, an empty phone stored as none', async () => {
    profile = { display_name: 'Ada Admin', email: 'ada@olea.example', phone: '+1 514 555 0100' };
    const user = userEvent.setup();
    const form = await contactForm();
    expect(form.getByLabelText('Name shown to clients')).toHaveValue('Ada Admin');
    await user.clear(form.getByLabelText('Phone (optional)'));
    await user.click(form.getByRole('button', { name: 'Save contact details' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      method: 'update',
      values: { display_name: 'Ada Admin', email: 'ada@olea.example', phone: null },
      filters: [['user_id', USERS.admin.id]],
    });
  });

  it('keeps what was typed when the database refuses it', async () => {
    writeAnswer = { data: null, error: { message: 'Only staff accounts have a staff profile.', code: '22023' } };
    const user = userEvent.setup();
    const form = await contactForm();
    await user.type(form.getByLabelText('Name shown to clients'), 'Ada Admin');
    await user.click(form.getByRole('button', { name: 'Save and become available as account manager' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Only staff accounts have a staff profile.');
    expect(form.getByLabelText('Name shown to clients')).toHaveValue('Ada Admin');
  });
});
