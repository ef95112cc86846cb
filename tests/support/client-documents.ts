/**
 * Client-portal documents as the Data API returns them to the fake supabase
 * client (tests/support/fake-supabase.ts): document rows, their current
 * versions, and an answer function for the portal's reads.
 */
import { ordersResponder, type OrdersBackend } from './client-orders';
import type { FakeCall, FakeResponse } from './fake-supabase';

export type DocRow = {
  id: string;
  title_en: string;
  title_fr: string;
  category: string;
  file_language: string;
  product: string | null;
  expires_on: string | null;
  created_at: string;
  current_version_id: string | null;
};

export type VersionRow = {
  id: string;
  size_bytes: number;
  mime_type: string;
  original_file_name: string;
  uploaded_at: string;
};

let serial = 0;

/** A document and its current version; `uploaded` is its date. */
export function doc(
  fields: Partial<Omit<DocRow, 'id' | 'current_version_id'>> & { uploaded?: string; size?: number; mime?: string } = {},
): { row: DocRow; version: VersionRow } {
  serial += 1;
  const id = `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`;
  const versionId = `10000000-0000-4000-8000-${String(serial).padStart(12, '0')}`;
  const { uploaded = '2026-11-20T10:00:00Z', size = 629, mime = 'application/pdf', ...rest } = fields;
  return {
    row: {
      id,
      title_en: `Document ${serial}`,
      title_fr: `Document ${serial} (fr)`,
      category: 'other',
      file_language: 'en',
      product: null,
      expires_on: null,
      created_at: uploaded,
      current_version_id: versionId,
      ...rest,
    },
    version: {
      id: versionId,
      size_bytes: size,
      mime_type: mime,
      original_file_name: 'file.pdf',
      uploaded_at: uploaded,
    },
  };
}

export const SEEDED_DOCS = [
  doc({
    title_en: 'Organic certificate 2026',
    title_fr: 'Certificat biologique 2026',
    category: 'certificate',
    file_language: 'en',
    product: 'olive-oils',
    expires_on: '2030-12-31',
    uploaded: '2026-11-23T09:00:00Z',
  }),
  doc({
    title_en: 'Extra virgin olive oil spec sheet',
    title_fr: 'Fiche technique : huile d’olive extra vierge',
    category: 'spec_sheet',
    file_language: 'fr',
    product: 'olive-oils',
    uploaded: '2026-11-24T09:00:00Z',
  }),
  doc({
    title_en: 'Price list 2026',
    title_fr: 'Liste de prix 2026',
    category: 'price_list',
    file_language: 'en',
    uploaded: '2026-11-22T09:00:00Z',
    size: 2_500_000,
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  }),
];

export type PortalAnswers = {
  documents?: Array<{ row: DocRow; version: VersionRow }>;
  /** Company id of the membership, or null for an account not attached yet. */
  companyId?: string | null;
  company?: { id: string; legal_name: string; account_manager_id: string | null } | null;
  manager?: { display_name: string; email: string; phone: string | null } | null;
  /** What `client_unread_conversation_count` answers (0 when absent). */
  unreadConversations?: number;
  /** The ordering RPCs (the dashboard's Orders and Analytics cards), when the test gives them. */
  orders?: OrdersBackend;
  /** Overrides any answer (errors, delays). */
  override?: (call: FakeCall) => FakeResponse | undefined | Promise<FakeResponse | undefined>;
};

export const SEEDED_COMPANY = {
  id: '00000000-0000-4000-8000-0000000c0a01',
  legal_name: 'Épicerie Chloé Inc.',
  account_manager_id: '00000000-0000-4000-8000-00000000a001',
};
export const SEEDED_MANAGER = { display_name: 'Ada Admin', email: 'admin@example.com', phone: '+1 613 555 0100' };

export function portalResponder(answers: PortalAnswers = {}) {
  const {
    documents = SEEDED_DOCS,
    companyId = SEEDED_COMPANY.id,
    company = SEEDED_COMPANY,
    manager = SEEDED_MANAGER,
  } = answers;
  return async (call: FakeCall): Promise<FakeResponse> => {
    const overridden = await answers.override?.(call);
    if (overridden) return overridden;
    if (call.method === 'function' && call.rpc === 'document-link') {
      // What the document-link function answers: a 60-second link to the current version, named as asked.
      const { document_id: id, file_name: name } = call.args as { document_id: string; file_name?: string };
      const download = name ? `&download=${encodeURIComponent(name)}` : '';
      return {
        data: {
          url: `http://127.0.0.1:54321/storage/v1/object/sign/documents/${id}/v/file.pdf?token=t${download}`,
          expires_in: 60,
        },
        error: null,
      };
    }
    if (call.table === 'documents') return { data: documents.map((d) => d.row), error: null };
    if (call.table === 'document_versions') return { data: documents.map((d) => d.version), error: null };
    if (call.table === 'company_clients') return { data: companyId ? { company_id: companyId } : null, error: null };
    if (call.table === 'companies') return { data: company, error: null };
    if (call.table === 'staff_profiles') return { data: manager, error: null };
    if (call.rpc === 'client_unread_conversation_count') return { data: answers.unreadConversations ?? 0, error: null };
    const ordering = answers.orders ? ordersResponder(answers.orders)(call) : undefined;
    if (ordering) return ordering;
    return { data: null, error: { message: `unexpected call ${JSON.stringify(call)}` } };
  };
}
