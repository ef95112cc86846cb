/**
 * What the `documents` bucket accepts (docs/decisions/111-companies-and-documents.md):
 * 25 MiB and seven file types. The browser checks first so staff read a plain
 * sentence naming the limit; the bucket enforces the same limits anyway.
 */
export const MAX_DOCUMENT_BYTES = 25 * 1024 * 1024;

export const DOCUMENT_TYPES = {
  'application/pdf': 'PDF',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
  'text/csv': 'CSV',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
} as const satisfies Record<string, string>;

export type DocumentMimeType = keyof typeof DOCUMENT_TYPES;

const BY_EXTENSION: Record<string, DocumentMimeType> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export const ALLOWED_TYPES_TEXT = 'PDF, PNG, JPEG, WebP, CSV, XLSX or DOCX';
export const ACCEPT_ATTRIBUTE = [...Object.keys(DOCUMENT_TYPES), ...Object.keys(BY_EXTENSION).map((e) => `.${e}`)].join(
  ',',
);

export const formatBytes = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : bytes >= 1024
      ? `${Math.round(bytes / 1024)} KB`
      : `${bytes} bytes`;

/**
 * The MIME type a file will be stored with: the browser's when it names one
 * (so an `.exe` renamed `.pdf` that says `application/x-msdownload` is
 * refused), else the extension's; null when neither is allowed.
 */
export function documentMimeType(file: { name: string; type: string }): DocumentMimeType | null {
  if (file.type) return file.type in DOCUMENT_TYPES ? (file.type as DocumentMimeType) : null;
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  return BY_EXTENSION[extension] ?? null;
}

/** Why a file cannot be uploaded, in a sentence naming the limit, or null when it can. */
export function fileProblem(file: { name: string; type: string; size: number }): string | null {
  if (file.size === 0) return `“${file.name}” is empty.`;
  if (file.size > MAX_DOCUMENT_BYTES) {
    return `“${file.name}” is ${formatBytes(file.size)}: files can be at most 25 MB.`;
  }
  if (!documentMimeType(file)) {
    return `“${file.name}” is not an accepted type (${file.type || 'unknown'}): upload a ${ALLOWED_TYPES_TEXT} file.`;
  }
  return null;
}

/**
 * The object's file name: ASCII letters, digits, `.`, `_` and `-`, starting
 * with a letter or digit, at most 200 characters; accents lose their marks.
 */
export function safeFileName(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '');
  const trimmed = ascii.length > 200 ? ascii.slice(ascii.length - 200).replace(/^[^A-Za-z0-9]+/, '') : ascii;
  return trimmed || 'file';
}

/** A title from a file name: no extension, separators as spaces, first letter capital. */
export function titleFromFileName(name: string): string {
  const base = name
    .replace(/\.[^.]+$/, '')
    .replace(/[_-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const title = base.charAt(0).toUpperCase() + base.slice(1);
  return (title || name).slice(0, 200);
}
