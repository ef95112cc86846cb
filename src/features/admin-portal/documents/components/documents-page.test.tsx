import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeSupabaseState, fakeSupabase, type FakeCall, type FakeResponse } from '@tests/support/fake-supabase';
import { renderPortal } from '@tests/support/render-portal';

vi.mock('@/lib/supabase/client', async () => (await import('@tests/support/fake-supabase')).fakeClientModule());
vi.mock('@/lib/supabase/rest', async () => (await import('@tests/support/fake-supabase')).fakeRestModule());

const upload = vi.hoisted(() => vi.fn());
vi.mock('@/features/admin-portal/documents/api/storage-upload', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  uploadWithProgress: upload,
}));

configure({ asyncUtilTimeout: 5000 });

const ok = (data: unknown): FakeResponse => ({ data, error: null });
const calls = (predicate: (call: FakeCall) => boolean) => fakeSupabase.state.calls.filter(predicate);

beforeEach(() => {
  upload.mockReset();
  fakeSupabase.state = createFakeSupabaseState();
  fakeSupabase.state.respond = (call) => {
    if (call.rpc === 'admin_list_companies') {
      return ok([{ id: 'company-a', legal_name: 'Épicerie Chloé Inc.', country: 'CA', region: 'QC' }]);
    }
    if (call.method === 'select') return ok([]);
    return ok(null);
  };
});

function pdfFile(name: string, size?: number, type = 'application/pdf') {
  const file = new File(['%PDF-1.4\n%%EOF\n'], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

async function pick(files: File[]) {
  const user = userEvent.setup({ applyAccept: false });
  renderPortal('/admin-portal/documents');
  await user.upload(await screen.findByLabelText('Choose files to upload'), files);
  return user;
}

describe('Documents upload', () => {
  it('names the 25 MB limit and the accepted types before anything is sent', async () => {
    await pick([pdfFile('huge.pdf', 26 * 1024 * 1024), pdfFile('setup.pdf', undefined, 'application/x-msdownload')]);
    const list = await screen.findByRole('list', { name: 'Files to upload' });
    expect(within(list).getByText('“huge.pdf” is 26.0 MB: files can be at most 25 MB.')).toBeInTheDocument();
    expect(
      within(list).getByText(
        '“setup.pdf” is not an accepted type (application/x-msdownload): upload a PDF, PNG, JPEG, WebP, CSV, XLSX or DOCX file.',
      ),
    ).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: /^Upload/ })).toBeNull();
    expect(calls((c) => c.method === 'insert')).toHaveLength(0);
    expect(upload).not.toHaveBeenCalled();
  });

  it('prefills each file’s titles and uploads several files, each with its own progress', async () => {
    let finish: () => void = () => undefined;
    upload.mockImplementation(
      (_bucket: string, _path: string, _file: Blob, _type: string, onProgress: (f: number) => void) =>
        new Promise<void>((resolve) => {
          onProgress(0.4);
          finish = resolve;
        }),
    );
    const user = await pick([pdfFile('organic_certificate-2027.pdf'), pdfFile('price-list.pdf')]);
    const item = await screen.findByTestId('pending-organic_certificate-2027.pdf');
    expect(within(item).getByLabelText('Title (English)')).toHaveValue('Organic certificate 2027');
    expect(within(item).getByLabelText('Title (French)')).toHaveValue('Organic certificate 2027');
    await user.selectOptions(within(item).getByLabelText('Who sees it'), 'company:company-a');
    await user.click(within(item).getByRole('button', { name: 'Upload organic_certificate-2027.pdf' }));
    expect(await within(item).findByText('40%')).toBeInTheDocument();
    expect(
      within(item).getByRole('progressbar', { name: 'Uploading organic_certificate-2027.pdf' }),
    ).toBeInTheDocument();
    const [documentInsert, versionInsert] = calls((c) => c.method === 'insert');
    expect(documentInsert?.values).toMatchObject({
      audience: 'company',
      company_id: 'company-a',
      category: 'certificate',
    });
    const documentId = (documentInsert?.values as { id: string }).id;
    const version = versionInsert?.values as { id: string; storage_path: string };
    expect(version.storage_path).toBe(`${documentId}/${version.id}/organic_certificate-2027.pdf`);
    finish();
    await waitFor(() => expect(screen.queryByTestId('pending-organic_certificate-2027.pdf')).toBeNull());
    expect(calls((c) => c.method === 'update' && c.table === 'documents')[0]?.values).toEqual({
      current_version_id: version.id,
    });
    // The other file is still waiting for its own upload.
    expect(screen.getByTestId('pending-price-list.pdf')).toBeInTheDocument();
  });

  it('when the upload fails, deletes the object and rows and shows the limit and the server’s words', async () => {
    const { UploadError } = await import('@/features/admin-portal/documents/api/storage-upload');
    upload.mockRejectedValue(new UploadError('The object exceeded the maximum allowed size', 413));
    fakeSupabase.state.respond = (call) => {
      if (call.table === 'document_versions' && call.method === 'select') {
        return ok([{ storage_path: 'd/v/price-list.pdf' }]);
      }
      if (call.method === 'select') return ok([]);
      return ok(null);
    };
    const user = await pick([pdfFile('price-list.pdf')]);
    const item = await screen.findByTestId('pending-price-list.pdf');
    await user.selectOptions(within(item).getByLabelText('Who sees it'), 'all');
    await user.click(within(item).getByRole('button', { name: 'Upload price-list.pdf' }));
    const alert = await within(item).findByRole('alert');
    expect(alert).toHaveTextContent('The file is too large: files can be at most 25 MB.');
    expect(alert).toHaveTextContent('The server said: The object exceeded the maximum allowed size');

    const documentId = (calls((c) => c.method === 'insert' && c.table === 'documents')[0]?.values as { id: string }).id;
    const versionId = (
      calls((c) => c.method === 'insert' && c.table === 'document_versions')[0]?.values as {
        id: string;
      }
    ).id;
    expect(calls((c) => c.method === 'delete' && c.table === 'document_versions')[0]?.filters).toEqual([
      ['id', versionId],
    ]);
    expect(calls((c) => c.method === 'delete' && c.table === 'documents')[0]?.filters).toEqual([['id', documentId]]);
    expect(calls((c) => c.method === 'storage.remove').length).toBeGreaterThan(0);
    expect(calls((c) => c.method === 'update' && c.table === 'documents')).toHaveLength(0);
  });
});
