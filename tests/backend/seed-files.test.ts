/**
 * The seeded documents' files (supabase/seed-files/documents, declared as the
 * bucket's `objects_path` in supabase/config.toml) are uploaded when a fresh
 * database is seeded, as `supabase seed buckets` does, so the seed's document
 * rows have their files: the seeded client downloads one through the link
 * the document-link function gives it, and gets the bytes on disk.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../supabase/local/db.ts';
import { contentTypeOf, seedBucketsFrom } from '../../supabase/local/storage/seed-buckets.ts';
import { parseToml } from '../../supabase/local/config.ts';
import { startTestBackend, type TestBackend } from './helpers.ts';

const SEED_DIR = join(REPO_ROOT, 'supabase/seed-files/documents');
const SEEDED = [
  '00000000-0000-4000-8000-0000000d0c01/00000000-0000-4000-8000-0000000e0c01/organic-certificate-2026.pdf',
  '00000000-0000-4000-8000-0000000d0c02/00000000-0000-4000-8000-0000000e0c02/fiche-technique-huile-olive.pdf',
  '00000000-0000-4000-8000-0000000d0c03/00000000-0000-4000-8000-0000000e0c03/price-list-2026.pdf',
  // The catalogue's spec sheets and certificates
  // (docs/decisions/193-product-documents-for-visitors-and-clients.md).
  '00000000-0000-4000-8000-0000000d0c11/00000000-0000-4000-8000-0000000e0c11/pdo-feta-spec-sheet.pdf',
  '00000000-0000-4000-8000-0000000d0c12/00000000-0000-4000-8000-0000000e0c12/kalamata-olives-spec-sheet.pdf',
  '00000000-0000-4000-8000-0000000d0c13/00000000-0000-4000-8000-0000000e0c13/thyme-honey-spec-sheet.pdf',
  '00000000-0000-4000-8000-0000000d0c14/00000000-0000-4000-8000-0000000e0c14/kalamata-olive-oil-spec-sheet.pdf',
  '00000000-0000-4000-8000-0000000d0c15/00000000-0000-4000-8000-0000000e0c15/mountain-tea-spec-sheet.pdf',
  '00000000-0000-4000-8000-0000000d0c16/00000000-0000-4000-8000-0000000e0c16/balsamic-vinegar-spec-sheet.pdf',
  '00000000-0000-4000-8000-0000000d0c17/00000000-0000-4000-8000-0000000e0c17/organic-certificate-taygetos-herbs-2026.pdf',
  '00000000-0000-4000-8000-0000000d0c18/00000000-0000-4000-8000-0000000e0c18/pdo-certificate-feta.pdf',
  '00000000-0000-4000-8000-0000000d0c19/00000000-0000-4000-8000-0000000e0c19/pdo-certificate-kalamata-olives.pdf',
];
const CERTIFICATE = '00000000-0000-4000-8000-0000000d0c01';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});

afterAll(async () => {
  await backend?.stop();
});

describe('seed buckets', () => {
  it('reads the objects_path of each bucket in config.toml, relative to supabase/', () => {
    const tables = parseToml(
      '[storage.buckets.a]\nobjects_path = "./seed-files/a"\n[storage.buckets.b]\npublic = true\n',
    );
    expect(seedBucketsFrom(tables, '/repo/supabase')).toEqual([{ id: 'a', objectsDir: '/repo/supabase/seed-files/a' }]);
    expect(contentTypeOf('x/y.PDF')).toBe('application/pdf');
    expect(contentTypeOf('x/y.xlsx')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(contentTypeOf('x/y.unknown')).toBe('application/octet-stream');
  });

  it('uploads every seed file to its bucket, named by its path, typed by its extension, with no owner', async () => {
    const rows = await backend.db.query<{ name: string; owner: string | null; mimetype: string; size: number }>(
      `select name, owner::text, metadata->>'mimetype' as mimetype, (metadata->>'size')::int as size
         from storage.objects where bucket_id = 'documents' order by name`,
    );
    expect(rows.map((row) => row.name)).toEqual(SEEDED);
    for (const row of rows) {
      expect(row.owner).toBeNull();
      expect(row.mimetype).toBe('application/pdf');
      expect(row.size).toBe((await readFile(join(SEED_DIR, row.name))).length);
    }
  });

  it('the seeded client downloads a seeded document through its link, byte for byte', async () => {
    const client = await backend.signIn('client');
    const { data, error } = await client.functions.invoke<{ url: string }>('document-link', {
      body: { document_id: CERTIFICATE },
    });
    expect(error).toBeNull();
    const url = new URL(data?.url ?? '');
    expect(decodeURIComponent(url.pathname)).toBe(`/storage/v1/object/sign/documents/${SEEDED[0]}`);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.equals(await readFile(join(SEED_DIR, SEEDED[0] ?? '')))).toBe(true);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
