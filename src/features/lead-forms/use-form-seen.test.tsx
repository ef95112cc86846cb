import { act, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Rest from '@/lib/supabase/rest';
import { restRpc } from '@/lib/supabase/rest';
import { useFormSeen } from './use-form-seen';

vi.mock('@/lib/supabase/rest', async (importOriginal) => ({
  ...(await importOriginal<typeof Rest>()),
  restRpc: vi.fn(() => Promise.resolve()),
}));

let observed: ((entries: { isIntersecting: boolean }[]) => void) | null = null;
const disconnect = vi.fn();
class FakeObserver {
  constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
    observed = callback;
  }
  observe() {}
  disconnect = disconnect;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(restRpc).mockClear();
});

function Form() {
  const ref = useFormSeen<HTMLFormElement>('b2b_request');
  return <form ref={ref} aria-label="B2B" />;
}

describe('useFormSeen', () => {
  it('records the form once, when it first comes into view', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    render(<Form />);
    act(() => observed?.([{ isIntersecting: false }]));
    expect(restRpc).not.toHaveBeenCalled();
    act(() => observed?.([{ isIntersecting: true }]));
    await waitFor(() =>
      expect(restRpc).toHaveBeenCalledExactlyOnceWith(
        'record_page_view',
        expect.objectContaining({ kind: 'form_seen', form: 'b2b_request', path: '/' }),
        { keepalive: true },
      ),
    );
    expect(disconnect).toHaveBeenCalled();
  });
});
