/**
 * Time-based one-time passwords as GoTrue uses them (pquerna/otp defaults):
 * RFC 6238 over RFC 4226 HOTP with HMAC-SHA1, 6 digits, 30-second steps, a
 * 20-byte secret in unpadded base32, and verification that accepts the
 * previous, current and next step (skew 1). Also the otpauth:// URI and the
 * SVG QR code GoTrue returns when a factor is enrolled.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { encode as encodeQr } from 'uqr';

export const TOTP_PERIOD = 30;
export const TOTP_DIGITS = 6;
export const TOTP_SKEW = 1;
const SECRET_BYTES = 20;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Case-insensitive; spaces and padding ignored (authenticator apps show groups). */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index === -1) throw new Error(`Invalid base32 character "${char}"`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export function generateTotpSecret(): string {
  return base32Encode(randomBytes(SECRET_BYTES));
}

/** RFC 4226 section 5.3: dynamic truncation of HMAC-SHA1(secret, counter). */
export function hotp(secret: Buffer, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', secret).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary =
    (((mac[offset] ?? 0) & 0x7f) << 24) |
    ((mac[offset + 1] ?? 0) << 16) |
    ((mac[offset + 2] ?? 0) << 8) |
    (mac[offset + 3] ?? 0);
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export function totpCounter(timeMs: number): number {
  return Math.floor(timeMs / 1000 / TOTP_PERIOD);
}

/** The code an authenticator shows at `timeMs` for a base32 secret. */
export function totpCode(secretBase32: string, timeMs = Date.now()): string {
  return hotp(base32Decode(secretBase32), totpCounter(timeMs));
}

/** True when `code` is the code of the previous, current or next time step. */
export function verifyTotp(secretBase32: string, code: string, timeMs = Date.now()): boolean {
  return totpStepOf(secretBase32, code, timeMs) !== null;
}

/**
 * The time step (counter) whose code `code` is, among the previous, current
 * and next ones; null when it is none of them. When two steps share a code,
 * the latest wins (so a code once used stays refused).
 */
export function totpStepOf(secretBase32: string, code: string, timeMs = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const secret = base32Decode(secretBase32);
  const counter = totpCounter(timeMs);
  let matched: number | null = null;
  for (let step = -TOTP_SKEW; step <= TOTP_SKEW; step += 1) {
    const expected = Buffer.from(hotp(secret, counter + step));
    // Every step is compared, in constant time, whatever matched before.
    if (timingSafeEqual(expected, Buffer.from(code))) matched = counter + step;
  }
  return matched;
}

/** Key URI format of Google Authenticator, as pquerna/otp writes it. */
export function otpauthUri(issuer: string, accountName: string, secretBase32: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(accountName)}`;
  const params = new URLSearchParams({
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    issuer,
    period: String(TOTP_PERIOD),
    secret: secretBase32,
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}

/**
 * The URI as a QR code (error correction H, as GoTrue encodes it) drawn as
 * SVG squares, three pixels per module, with a four-module quiet zone.
 */
export function qrCodeSvg(text: string): string {
  const { data } = encodeQr(text, { ecc: 'H', border: 0 });
  const block = 3;
  const quiet = 4;
  const size = (data.length + quiet * 2) * block;
  const squares: string[] = [];
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) {
        squares.push(
          `<rect x="${(x + quiet) * block}" y="${(y + quiet) * block}" width="${block}" height="${block}" style="fill:#000000"/>`,
        );
      }
    });
  });
  return (
    `<?xml version="1.0"?>\n<svg width="${size}" height="${size}" xmlns="http://www.w3.org/2000/svg" ` +
    `xmlns:xlink="http://www.w3.org/1999/xlink">\n<rect x="0" y="0" width="${size}" height="${size}" style="fill:#ffffff"/>\n` +
    `${squares.join('\n')}\n</svg>\n`
  );
}
