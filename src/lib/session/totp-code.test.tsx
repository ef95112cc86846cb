import { act, render, renderHook, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as MfaApi from './mfa-api';
import { MfaError, verifyTotpCode } from './mfa-api';
import { staffTotpTexts, TotpCodeField, useTotpCode, type TotpCode } from './totp-code';

vi.mock('./mfa-api', async (importOriginal) => ({
  ...(await importOriginal<typeof MfaApi>()),
  verifyTotpCode: vi.fn(),
}));
const verify = vi.mocked(verifyTotpCode);

/** Types `code` and verifies it against a factor; returns the hook's state and the outcome. */
async function submit(code: string) {
  const { result } = renderHook(() => useTotpCode(staffTotpTexts));
  act(() => result.current.setCode(code));
  let verified: boolean | undefined;
  await act(async () => {
    verified = await result.current.verify('factor-1');
  });
  return { totp: result.current, verified };
}

describe('the TOTP code step', () => {
  beforeEach(() => {
    verify.mockReset();
  });

  it('asks for six digits and sends nothing else, keeping what was typed', async () => {
    const { totp, verified } = await submit('12a45');
    expect(verified).toBe(false);
    expect(totp.error).toBe(staffTotpTexts.format);
    expect(totp.code).toBe('12a45');
    expect(verify).not.toHaveBeenCalled();
  });

  it('verifies six digits (spaces around them ignored) against the factor', async () => {
    verify.mockResolvedValue(undefined);
    const { totp, verified } = await submit(' 123456 ');
    expect(verify).toHaveBeenCalledWith('factor-1', '123456');
    expect(verified).toBe(true);
    expect(totp.error).toBeNull();
  });

  it('says a refused code is wrong and clears it for the next one', async () => {
    verify.mockImplementation(() =>
      Promise.reject(new MfaError('Invalid TOTP code entered', 'mfa_verification_failed')),
    );
    const { totp, verified } = await submit('123456');
    expect(verified).toBe(false);
    expect(totp.error).toBe(staffTotpTexts.wrong);
    expect(totp.code).toBe('');
  });

  it('keeps a code that could not be checked, so it can be sent again', async () => {
    verify.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    const { totp } = await submit('654321');
    expect(totp.error).toBe(staffTotpTexts.failed);
    expect(totp.code).toBe('654321');
  });

  it('shows the error on a labelled, one-time-code field', () => {
    const totp = {
      code: '12',
      setCode: vi.fn(),
      error: staffTotpTexts.format,
      busy: false,
      verify,
      texts: staffTotpTexts,
    };
    render(<TotpCodeField totp={totp as unknown as TotpCode} />);
    const field = screen.getByLabelText('Authentication code');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(staffTotpTexts.format);
  });
});
