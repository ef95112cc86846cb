/**
 * The client portal's reads (docs/decisions/111-companies-and-documents.md).
 * Row-level security decides what a client sees: its company's documents and
 * the all-client ones, its company and its account manager's profile. Nothing
 * here filters for permission; the page's filters only narrow what came back.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Locale } from '@/i18n/locales';
import { takeEarly } from '@/lib/early/early-queries';
import { supabase } from '@/lib/supabase/client';
import { unwrap } from '@/lib/supabase/errors';
import { DOCUMENTS_KEY, joinDocuments, type ClientDocument } from './documents-rows';

export { DOCUMENT_CATEGORIES, FILE_LANGUAGES, joinDocuments, type ClientDocument } from './documents-rows';

async function fetchDocuments(): Promise<ClientDocument[]> {
  const [documents, versions] = await Promise.all([
    supabase
      .from('documents')
      .select('id, title_en, title_fr, category, file_language, product, expires_on, created_at, current_version_id')
      .order('created_at', { ascending: false }),
    // A client reads only the current versions of the documents it may read.
    supabase.from('document_versions').select('id, size_bytes, mime_type, original_file_name, uploaded_at'),
  ]);
  return joinDocuments(unwrap(documents) ?? [], unwrap(versions) ?? []);
}

/** The signed-in client's company and account manager; nulls while the account is not attached yet. */
export type ClientAccount = {
  company: { id: string; legalName: string } | null;
  manager: { name: string; email: string; phone: string | null } | null;
};

async function fetchAccount(userId: string): Promise<ClientAccount> {
  const membership = unwrap<{ company_id: string } | null>(
    await supabase.from('company_clients').select('company_id').eq('user_id', userId).maybeSingle(),
  );
  if (!membership) return { company: null, manager: null };
  const company = unwrap<{ id: string; legal_name: string; account_manager_id: string | null } | null>(
    await supabase
      .from('companies')
      .select('id, legal_name, account_manager_id')
      .eq('id', membership.company_id)
      .maybeSingle(),
  );
  // An archived company is not readable: the account reads as not set up.
  if (!company) return { company: null, manager: null };
  const manager = company.account_manager_id
    ? unwrap<{ display_name: string; email: string; phone: string | null } | null>(
        await supabase
          .from('staff_profiles')
          .select('display_name, email, phone')
          .eq('user_id', company.account_manager_id)
          .maybeSingle(),
      )
    : null;
  return {
    company: { id: company.id, legalName: company.legal_name },
    manager: manager ? { name: manager.display_name, email: manager.email, phone: manager.phone } : null,
  };
}

export const clientPortalQueries = {
  documents: () => queryOptions({ queryKey: DOCUMENTS_KEY, queryFn: () => takeEarly(DOCUMENTS_KEY, fetchDocuments) }),
  account: (userId: string) =>
    queryOptions({ queryKey: ['client-portal', 'account', userId], queryFn: () => fetchAccount(userId) }),
};

/** The title in the page's language, else the other one. */
export function documentTitle(document: Pick<ClientDocument, 'titleEn' | 'titleFr'>, locale: Locale): string {
  const [first, second] = locale === 'fr' ? [document.titleFr, document.titleEn] : [document.titleEn, document.titleFr];
  return first.trim() || second.trim();
}

const TYPE_BY_MIME: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WEBP',
  'text/csv': 'CSV',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
};

const EXTENSION_BY_MIME: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'text/csv': 'csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

/** "PDF", "XLSX"…, from the MIME type, else the file name's extension. */
export function fileType(document: Pick<ClientDocument, 'mimeType' | 'originalFileName'>): string {
  return TYPE_BY_MIME[document.mimeType] ?? extensionOf(document.originalFileName).toUpperCase();
}

function extensionOf(fileName: string): string {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(fileName);
  return match?.[1]?.toLowerCase() ?? '';
}

/** Lower-case ASCII words joined by hyphens: "Fiche technique : huile d’olive" → "fiche-technique-huile-d-olive". */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/œ/gi, 'oe')
    .replace(/æ/gi, 'ae')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/, '');
}

/** The name a download is saved under: the title's slug and the file's extension ("organic-certificate-2026.pdf"). */
export function downloadFileName(
  document: Pick<ClientDocument, 'titleEn' | 'titleFr' | 'mimeType' | 'originalFileName'>,
  locale: Locale,
): string {
  const extension = EXTENSION_BY_MIME[document.mimeType] ?? extensionOf(document.originalFileName);
  const base = slugify(documentTitle(document, locale)) || 'document';
  return extension ? `${base}.${extension}` : base;
}

/** Today as YYYY-MM-DD in the browser's time zone. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A document whose expiry date has passed (it stays readable; the page marks it). */
export function isExpired(document: Pick<ClientDocument, 'expiresOn'>, today: string = todayIso()): boolean {
  return document.expiresOn !== null && document.expiresOn < today;
}

/**
 * Asks the server for a link to the document's current file, saved as
 * `fileName`. The server records the download, then answers a link that
 * works for 60 seconds: one link per recorded download. Clients cannot read
 * the documents bucket themselves
 * (docs/decisions/184-document-links-made-by-the-server.md). With
 * `productId`, the document as linked to that product (the catalogue's,
 * docs/decisions/193-product-documents-for-visitors-and-clients.md).
 */
export async function requestDownloadUrl(documentId: string, fileName: string, productId?: string): Promise<string> {
  const { data, error } = await supabase.functions.invoke<{ url?: unknown }>('document-link', {
    body: { ...(productId ? { product_id: productId } : {}), document_id: documentId, file_name: fileName },
  });
  if (error) throw new DownloadError(functionErrorKind(error));
  const url = data?.url;
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw new DownloadError('other');
  return url;
}

export type DownloadErrorKind = 'not-found' | 'signed-out' | 'network' | 'other';

export class DownloadError extends Error {
  readonly kind: DownloadErrorKind;
  constructor(kind: DownloadErrorKind) {
    super(`Download failed: ${kind}`);
    this.name = 'DownloadError';
    this.kind = kind;
  }
}

/**
 * supabase-js's function errors: `FunctionsFetchError` when nothing answered,
 * `FunctionsHttpError` with the response (its status) in `context` otherwise.
 */
function functionErrorKind(error: unknown): DownloadErrorKind {
  if (!error || typeof error !== 'object') return 'other';
  const { name, context } = error as { name?: unknown; context?: unknown };
  if (name === 'FunctionsFetchError') return 'network';
  const status = context && typeof context === 'object' ? (context as { status?: unknown }).status : undefined;
  if (status === 404) return 'not-found';
  if (status === 401) return 'signed-out';
  return 'other';
}

/** What went wrong with a download, for its message. */
export function downloadErrorKind(error: unknown): DownloadErrorKind {
  if (error instanceof DownloadError) return error.kind;
  if (error instanceof TypeError) return 'network';
  return 'other';
}

/** Opens the signed URL; the server answers with the file as an attachment, so the page stays. */
export const fileNavigation = {
  open(url: string): void {
    window.location.assign(url);
  },
};
