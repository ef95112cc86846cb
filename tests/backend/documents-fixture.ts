/**
 * The documents both Storage suites stand on (tests/backend/storage-documents.test.ts,
 * tests/backend/document-link.test.ts): the seeded company A's certificate,
 * and a company B, made per run, with one contract document; the files of
 * both are uploaded by staff as the admin portal does.
 */
import { randomUUID } from 'node:crypto';
import { ok, setUpPortalActors, type PortalActors, type TestBackend } from './helpers.ts';

export const BUCKET = 'documents';

// Seeded (supabase/seed.sql): company A's certificate and its current version.
export const CERTIFICATE_A = '00000000-0000-4000-8000-0000000d0c01';
export const CERTIFICATE_A_VERSION = '00000000-0000-4000-8000-0000000e0c01';
export const PATH_A = `${CERTIFICATE_A}/${CERTIFICATE_A_VERSION}/organic-certificate-2026.pdf`;
export const FILE_A = '%PDF-1.4\n% certificate A\n%%EOF\n';

export const pdf = (text: string) => new Blob([`%PDF-1.4\n% ${text}\n%%EOF\n`], { type: 'application/pdf' });

// Company B and its contract: new ids for each test file (each imports this module afresh).
export const COMPANY_B = randomUUID();
export const DOCUMENT_B = randomUUID();
export const VERSION_B = randomUUID();
export const PATH_B = `${DOCUMENT_B}/${VERSION_B}/contract-b.pdf`;

/** Company B with its contract (row, version and file), and company A's certificate file, on `backend`; the portal's actors. */
export async function setUpDocuments(backend: TestBackend): Promise<PortalActors> {
  const service = backend.serviceClient();
  const [companyB, documentB, versionB, pathB] = [COMPANY_B, DOCUMENT_B, VERSION_B, PATH_B];
  const actors = await setUpPortalActors(backend, companyB);
  ok(
    await service.from('documents').insert({
      id: documentB,
      title_en: 'Contract B',
      title_fr: 'Contrat B',
      category: 'contract',
      file_language: 'en',
      audience: 'company',
      company_id: companyB,
    }),
    'document B',
  );
  ok(
    await service.from('document_versions').insert({
      id: versionB,
      document_id: documentB,
      storage_path: pathB,
      size_bytes: 40,
      mime_type: 'application/pdf',
      original_file_name: 'Contract B.pdf',
    }),
    'version B',
  );
  ok(await service.from('documents').update({ current_version_id: versionB }).eq('id', documentB), 'current B');
  // Staff upload the files (the seeded one may already be there: replace it).
  const admin = actors.as('admin');
  ok(
    await admin.storage.from(BUCKET).upload(PATH_A, new Blob([FILE_A], { type: 'application/pdf' }), { upsert: true }),
    'upload A',
  );
  ok(await admin.storage.from(BUCKET).upload(pathB, pdf('contract B')), 'upload B');
  return actors;
}
