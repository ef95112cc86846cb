import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { lazyPage } from '@/app/lazy-page';
import { mockFetch } from '@tests/support/lead-form-requests';
import { renderWithProviders } from '@tests/support/render';

vi.mock('@/integrations/hubspot/load-script', () => ({ loadScriptOnce: vi.fn(() => Promise.resolve()) }));
afterEach(() => vi.unstubAllGlobals());

// The app mounts the contact form through lazyPage; when the page around it
// re-renders (the flags arriving, say) what the visitor typed must stay.
it('keeps what was typed in the lazily loaded contact form when its parent re-renders', async () => {
  // The form asks the backend for its token when it appears: answered here, not by whatever listens on the port.
  mockFetch();
  const ContactForm = lazyPage(() => import('@/features/lead-forms/components/contact-form'));
  let rerender = () => {};
  function Parent() {
    const [count, setCount] = useState(0);
    rerender = () => setCount((c) => c + 1);
    return (
      <Suspense fallback={<p>loading</p>}>
        <span data-count={count} />
        <ContactForm />
      </Suspense>
    );
  }
  const user = userEvent.setup();
  renderWithProviders(<Parent />, { path: '/' });
  // The first import of the form's module is transformed on demand: slow on a busy machine.
  const firstName = await screen.findByLabelText('First name', {}, { timeout: 10_000 });
  await user.type(firstName, 'Eleni');
  act(() => rerender());
  expect(screen.getByLabelText('First name')).toBe(firstName);
  expect(screen.getByLabelText('First name')).toHaveValue('Eleni');
});
