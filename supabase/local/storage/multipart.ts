/**
 * A small multipart/form-data reader for Storage uploads: supabase-js sends a
 * File or Blob as a form with the fields `cacheControl` (and `metadata`)
 * followed by one file part. Like the Storage server, fields are those met
 * before the first file part; the first file part is the upload and any
 * later part is ignored. The whole body is in memory (its size was already
 * bounded by the caller).
 */

export interface MultipartFile {
  /** The part's form name (supabase-js sends an empty one). */
  field: string;
  filename: string;
  /** The part's Content-Type; RFC 7578's text/plain when it has none. */
  contentType: string;
  data: Buffer;
}

export interface MultipartForm {
  fields: Record<string, string>;
  file: MultipartFile | null;
}

export class MultipartError extends Error {}

/** The boundary of a `multipart/form-data; boundary=...` Content-Type, or null. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType) return null;
  const [type, ...params] = splitParams(contentType);
  if (type?.trim().toLowerCase() !== 'multipart/form-data') return null;
  for (const param of params) {
    const at = param.indexOf('=');
    if (at === -1) continue;
    if (param.slice(0, at).trim().toLowerCase() !== 'boundary') continue;
    let value = param.slice(at + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    // RFC 2046: 1 to 70 characters.
    return value.length >= 1 && value.length <= 70 ? value : null;
  }
  return null;
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

export function parseMultipart(body: Buffer, boundary: string): MultipartForm {
  const delimiter = Buffer.from(`--${boundary}`);
  const fields: Record<string, string> = {};
  // The first delimiter may start the body or follow a preamble line.
  let at = body.indexOf(delimiter);
  if (at === -1) throw new MultipartError('Multipart body has no boundary');
  for (;;) {
    const afterDelimiter = at + delimiter.length;
    // `--boundary--` closes the body.
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString('latin1') === '--') break;
    if (!body.subarray(afterDelimiter, afterDelimiter + 2).equals(CRLF)) {
      throw new MultipartError('Malformed multipart boundary line');
    }
    const headersStart = afterDelimiter + 2;
    const headersEnd = body.indexOf(HEADER_END, headersStart);
    if (headersEnd === -1) throw new MultipartError('Multipart part without headers');
    const headers = parseHeaders(body.subarray(headersStart, headersEnd).toString('utf8'));
    const dataStart = headersEnd + HEADER_END.length;
    const next = body.indexOf(Buffer.concat([CRLF, delimiter]), dataStart);
    if (next === -1) throw new MultipartError('Multipart body ends inside a part');
    const data = body.subarray(dataStart, next);
    const disposition = parseDisposition(headers['content-disposition']);
    if (disposition) {
      if (disposition.filename !== undefined) {
        return {
          fields,
          file: {
            field: disposition.name,
            filename: disposition.filename,
            contentType: headers['content-type']?.trim() || 'text/plain',
            data: Buffer.from(data),
          },
        };
      }
      fields[disposition.name] = data.toString('utf8');
    }
    at = next + CRLF.length;
  }
  return { fields, file: null };
}

function parseHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new MultipartError(`Malformed multipart header: ${line.slice(0, 80)}`);
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** `form-data; name="x"; filename="y"`; null for anything but form-data with a name. */
function parseDisposition(value: string | undefined): { name: string; filename?: string } | null {
  if (!value) return null;
  const [type, ...rest] = splitParams(value);
  if (type?.trim().toLowerCase() !== 'form-data') return null;
  const params: Record<string, string> = {};
  for (const param of rest) {
    const at = param.indexOf('=');
    if (at === -1) continue;
    const key = param.slice(0, at).trim().toLowerCase();
    let raw = param.slice(at + 1).trim();
    if (raw.startsWith('"') && raw.endsWith('"') && raw.length >= 2) {
      raw = raw.slice(1, -1).replace(/\\(.)/g, '$1');
    }
    params[key] = raw;
  }
  if (params.name === undefined) return null;
  return params.filename === undefined ? { name: params.name } : { name: params.name, filename: params.filename };
}

/** Splits on `;` outside double quotes. */
function splitParams(value: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < value.length; i += 1) {
    const char = value[i] ?? '';
    if (char === '\\' && quoted) {
      current += char + (value[i + 1] ?? '');
      i += 1;
      continue;
    }
    if (char === '"') quoted = !quoted;
    if (char === ';' && !quoted) {
      parts.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  parts.push(current);
  return parts;
}
