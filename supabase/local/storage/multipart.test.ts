import { describe, expect, it } from 'vitest';
import { multipartBoundary, MultipartError, parseMultipart } from './multipart.ts';

/** A body exactly as Node's fetch (undici) encodes supabase-js's FormData. */
async function encode(form: FormData): Promise<{ body: Buffer; contentType: string }> {
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

describe('multipartBoundary', () => {
  it('reads a plain or quoted boundary of multipart/form-data only', () => {
    expect(multipartBoundary('multipart/form-data; boundary=abc')).toBe('abc');
    expect(multipartBoundary('Multipart/Form-Data; charset=utf-8; Boundary="a b;c"')).toBe('a b;c');
    expect(multipartBoundary('multipart/mixed; boundary=abc')).toBeNull();
    expect(multipartBoundary('multipart/form-data')).toBeNull();
    expect(multipartBoundary(`multipart/form-data; boundary=${'x'.repeat(71)}`)).toBeNull();
    expect(multipartBoundary(undefined)).toBeNull();
  });
});

describe('parseMultipart', () => {
  it('reads the fields before the file, and the file with its type and exact bytes', async () => {
    const bytes = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x0d, 0x0a, 0x2d, 0x2d, 0x00, 0xff, 0x0d, 0x0a]);
    const form = new FormData();
    form.append('cacheControl', '3600');
    form.append('metadata', JSON.stringify({ company: 'Olea' }));
    form.append('', new Blob([bytes], { type: 'application/pdf' }));
    form.append('after', 'ignored');
    const { body, contentType } = await encode(form);
    const parsed = parseMultipart(body, multipartBoundary(contentType) ?? '');
    expect(parsed.fields).toEqual({ cacheControl: '3600', metadata: '{"company":"Olea"}' });
    expect(parsed.file).toMatchObject({ field: '', filename: 'blob', contentType: 'application/pdf' });
    expect(parsed.file?.data.equals(bytes)).toBe(true);
  });

  it('defaults a file part without Content-Type to text/plain and keeps an empty file', () => {
    const body = Buffer.from(
      'preamble\r\n--b\r\nContent-Disposition: form-data; name="f"; filename="a \\"q\\".txt"\r\n\r\n\r\n--b--\r\n',
    );
    expect(parseMultipart(body, 'b').file).toMatchObject({ filename: 'a "q".txt', contentType: 'text/plain' });
    expect(parseMultipart(body, 'b').file?.data.length).toBe(0);
  });

  it('answers no file for a form of fields only', () => {
    const body = Buffer.from('--b\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--b--');
    expect(parseMultipart(body, 'b')).toEqual({ fields: { x: '1' }, file: null });
  });

  it('refuses bodies that are not well-formed', () => {
    for (const text of [
      'no boundary at all',
      '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\nunterminated',
      '--b\r\nno header end',
      '--bX\r\n',
      '--b\r\nbroken header\r\n\r\nx\r\n--b--',
    ]) {
      expect(() => parseMultipart(Buffer.from(text), 'b'), text).toThrow(MultipartError);
    }
  });
});
