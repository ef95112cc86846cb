import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, otpauthUri, qrCodeSvg, totpCode, totpStepOf, verifyTotp } from './totp.ts';

// RFC 6238 appendix B uses the ASCII secret "12345678901234567890" (SHA-1).
const RFC_SECRET = Buffer.from('12345678901234567890');
const RFC_SECRET_BASE32 = base32Encode(RFC_SECRET);

describe('TOTP (RFC 6238 / RFC 4226)', () => {
  it('matches the RFC 4226 HOTP values', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, counter) => hotp(RFC_SECRET, counter))).toEqual(expected);
  });

  it('matches the RFC 6238 SHA-1 vectors (last six digits)', () => {
    const vectors: Array<[number, string]> = [
      [59, '287082'],
      [1111111109, '081804'],
      [1111111111, '050471'],
      [1234567890, '005924'],
      [2000000000, '279037'],
      [20000000000, '353130'],
    ];
    for (const [seconds, code] of vectors) expect(totpCode(RFC_SECRET_BASE32, seconds * 1000)).toBe(code);
  });

  it('accepts the previous, current and next step only', () => {
    const now = 1_800_000_000_000;
    const at = (steps: number) => totpCode(RFC_SECRET_BASE32, now + steps * 30_000);
    expect(verifyTotp(RFC_SECRET_BASE32, at(0), now)).toBe(true);
    expect(verifyTotp(RFC_SECRET_BASE32, at(-1), now)).toBe(true);
    expect(verifyTotp(RFC_SECRET_BASE32, at(1), now)).toBe(true);
    expect(verifyTotp(RFC_SECRET_BASE32, at(-2), now)).toBe(false);
    expect(verifyTotp(RFC_SECRET_BASE32, at(2), now)).toBe(false);
    expect(verifyTotp(RFC_SECRET_BASE32, 'abcdef', now)).toBe(false);
    expect(verifyTotp(RFC_SECRET_BASE32, `${at(0)}0`, now)).toBe(false);
    // The step a code belongs to, so a used one can be refused later.
    const counter = Math.floor(now / 30_000);
    expect(totpStepOf(RFC_SECRET_BASE32, at(-1), now)).toBe(counter - 1);
    expect(totpStepOf(RFC_SECRET_BASE32, at(1), now)).toBe(counter + 1);
    expect(totpStepOf(RFC_SECRET_BASE32, at(2), now)).toBeNull();
  });

  it('round-trips base32, ignoring case, spaces and padding', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255, 7]);
    const text = base32Encode(bytes);
    expect(base32Decode(text)).toEqual(bytes);
    expect(base32Decode(`${text.toLowerCase().replace(/(.{4})/g, '$1 ')}==`)).toEqual(bytes);
    expect(() => base32Decode('ABC1')).toThrow(/Invalid base32/);
  });

  it('writes the otpauth URI and an SVG QR code as GoTrue does', () => {
    const uri = otpauthUri('Olea Mediterranean', 'admin@example.com', 'ABCDEFGH');
    expect(uri).toBe(
      'otpauth://totp/Olea%20Mediterranean:admin%40example.com?algorithm=SHA1&digits=6&issuer=Olea+Mediterranean&period=30&secret=ABCDEFGH',
    );
    const svg = qrCodeSvg(uri);
    expect(svg.startsWith('<?xml version="1.0"?>\n<svg')).toBe(true);
    expect(svg.match(/<rect /g)?.length ?? 0).toBeGreaterThan(100);
  });
});
