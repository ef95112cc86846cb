import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fileNavigation } from '@/features/client-portal/api/documents';
import ClientDocumentsPage from '@/features/client-portal/components/client-documents-page';
import { doc, portalResponder, SEEDED_DOCS, type PortalAnswers } from '@tests/support/client-documents';
import { createFakeSupabaseState, fakeSupabase } from '@tests/support/fake-supabase';
import { createFakeBackend, withSession } from '@tests/support/fake-session';
import { renderWithProviders } from '@tests/support/render';

vi.mock('@/lib/supabase/client', async () => (await import('@tests/support/fake-supabase')).fakeClientModule());

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderDocuments(path: string, answers: PortalAnswers = {}) {
  fakeSupabase.state.respond = portalResponder(answers);
  const fake = createFakeBackend({ initial: 'client' });
  const page = (
    <>
      <ClientDocumentsPage />
      <Where />
    </>
  );
  renderWithProviders(
    withSession(
      fake,
      <Routes>
        <Route path="/client/documents" element={page} />
        <Route path="/fr/client/documents" element={page} />
      </Routes>,
    ),
    { path },
  );
  return { user: userEvent.setup() };
}

const titles = () => screen.getAllByTestId('document').map((item) => within(item).getByRole('heading').textContent);

beforeEach(() => {
  fakeSupabase.state = createFakeSupabaseState();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-25T12:00:00'));
  return () => vi.useRealTimers();
});

describe('/client/documents', () => {
  it('lists the documents newest first with their facts, in English', async () => {
    renderDocuments('/client/documents');
    expect(screen.getByRole('heading', { level: 1, name: 'Documents' })).toBeInTheDocument();
    expect(await screen.findByText('3 documents')).toBeInTheDocument();
    expect(titles()).toEqual(['Extra virgin olive oil spec sheet', 'Organic certificate 2026', 'Price list 2026']);
    const certificate = screen.getAllByTestId('document')[1] as HTMLElement;
    expect(certificate).toHaveTextContent('CategoryCertificate');
    expect(certificate).toHaveTextContent('LanguageEnglish');
    expect(certificate).toHaveTextContent('ProductOlive oils');
    expect(certificate).toHaveTextContent('TypePDF');
    expect(certificate).toHaveTextContent('Size0.6 kB');
    expect(certificate).toHaveTextContent('DateNovember 23, 2026');
    expect(certificate).toHaveTextContent('Valid until December 31, 2030');
    expect(within(certificate).queryByText('Expired')).not.toBeInTheDocument();
    const priceList = screen.getAllByTestId('document')[2] as HTMLElement;
    expect(priceList).toHaveTextContent('TypeXLSX');
    expect(priceList).toHaveTextContent('Size2.4 MB');
  });

  it('reads only what row-level security returns: no filter on the queries', async () => {
    renderDocuments('/client/documents');
    await screen.findByText('3 documents');
    const reads = fakeSupabase.state.calls.filter((call) => call.method === 'select');
    expect(reads.map((call) => call.table).sort()).toEqual(['document_versions', 'documents']);
    for (const call of reads) expect(call.filters).toEqual([]);
  });

  it('in French: French titles (English when the French one is blank), fr-CA dates and sizes', async () => {
    const untitled = doc({
      title_en: 'Invoice 42',
      title_fr: ' ',
      category: 'invoice',
      uploaded: '2026-11-01T09:00:00Z',
    });
    renderDocuments('/fr/client/documents', { documents: [...SEEDED_DOCS, untitled] });
    expect(await screen.findByText('4 documents')).toBeInTheDocument();
    expect(titles()).toEqual([
      'Fiche technique : huile d’olive extra vierge',
      'Certificat biologique 2026',
      'Liste de prix 2026',
      'Invoice 42',
    ]);
    const certificate = screen.getAllByTestId('document')[1] as HTMLElement;
    expect(certificate).toHaveTextContent('CatégorieCertificat');
    expect(certificate).toHaveTextContent('LangueAnglais');
    expect(certificate).toHaveTextContent('Date23 novembre 2026');
    expect(certificate).toHaveTextContent(/Taille0,6\s*ko/);
    expect(certificate).toHaveTextContent('Valide jusqu’au 31 décembre 2030');
  });

  it('marks an expired certificate "Expired" in words, not colour only; expiring today is not expired', async () => {
    const expired = doc({ title_en: 'Halal certificate 2025', category: 'certificate', expires_on: '2026-11-24' });
    const today = doc({ title_en: 'Kosher certificate', category: 'certificate', expires_on: '2026-11-25' });
    renderDocuments('/client/documents', { documents: [expired, today] });
    const [first, second] = (await screen.findAllByTestId('document')) as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Expired')).toBeInTheDocument();
    expect(first).toHaveTextContent('Expired on November 24, 2026');
    expect(within(second).queryByText('Expired')).not.toBeInTheDocument();
  });

  it('marks it "Expiré" in French', async () => {
    const expired = doc({ title_fr: 'Certificat halal 2025', category: 'certificate', expires_on: '2025-01-31' });
    renderDocuments('/fr/client/documents', { documents: [expired] });
    const item = await screen.findByTestId('document');
    expect(within(item).getByText('Expiré')).toBeInTheDocument();
    expect(item).toHaveTextContent('Expiré le 31 janvier 2025');
  });

  it('filters by category and language and searches titles, in the URL', async () => {
    const { user } = renderDocuments('/client/documents');
    await screen.findByText('3 documents');
    await user.selectOptions(screen.getByLabelText('Category'), 'certificate');
    expect(titles()).toEqual(['Organic certificate 2026']);
    expect(screen.getByText('1 of 3 documents')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/client/documents?category=certificate');

    await user.selectOptions(screen.getByLabelText('Category'), '');
    await user.selectOptions(screen.getByLabelText('File language'), 'fr');
    expect(titles()).toEqual(['Extra virgin olive oil spec sheet']);

    await user.selectOptions(screen.getByLabelText('File language'), '');
    await user.type(screen.getByLabelText('Search by title'), 'PRICE');
    expect(titles()).toEqual(['Price list 2026']);
    expect(screen.getByTestId('where')).toHaveTextContent('/client/documents?q=PRICE');

    await user.clear(screen.getByLabelText('Search by title'));
    await user.type(screen.getByLabelText('Search by title'), 'nothing like it');
    expect(screen.getByText('No document matches these filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(titles()).toHaveLength(3);
  });

  it('opens with the filters of its URL; a bilingual file matches either language; search ignores accents', async () => {
    const both = doc({ title_en: 'Allergen statement', title_fr: 'Déclaration d’allergènes', file_language: 'both' });
    renderDocuments('/fr/client/documents?language=en&q=declaration', { documents: [...SEEDED_DOCS, both] });
    await screen.findByText('1 sur 4 documents');
    expect(titles()).toEqual(['Déclaration d’allergènes']);
    expect(screen.getByLabelText('Langue du fichier')).toHaveValue('en');
    expect(screen.getByLabelText('Rechercher par titre')).toHaveValue('declaration');
  });

  it('shows a skeleton while loading (aria-busy), then the empty state', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    renderDocuments('/client/documents', {
      documents: [],
      override: async (call) => {
        if (call.table === 'documents') await gate;
        return undefined;
      },
    });
    const section = screen.getByRole('status').closest('section') as HTMLElement;
    expect(section).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Loading documents…')).toBeInTheDocument();
    release();
    expect(
      await screen.findByText('No documents have been shared with you yet. Your account manager will add them here.'),
    ).toBeInTheDocument();
    expect(section).toHaveAttribute('aria-busy', 'false');
  });

  it('says so when the list cannot load, in French, and retries', async () => {
    let fail = true;
    const { user } = renderDocuments('/fr/client/documents', {
      override: (call) =>
        fail && call.table === 'documents'
          ? { data: null, error: { message: 'Failed to fetch' }, status: 0 }
          : undefined,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Les documents n’ont pas pu être chargés. Vérifiez votre connexion, puis réessayez.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('3 documents')).toBeInTheDocument();
  });
});

describe('download', () => {
  const linkCalls = () => fakeSupabase.state.calls.filter((call) => call.rpc === 'document-link');

  it('asks the server for a link named after the title, and opens it; it never signs a link itself', async () => {
    const open = vi.spyOn(fileNavigation, 'open').mockImplementation(() => undefined);
    const { user } = renderDocuments('/client/documents');
    await screen.findByText('3 documents');
    await user.click(screen.getByRole('button', { name: 'Download Organic certificate 2026' }));
    await vi.waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    const id = SEEDED_DOCS[0]?.row.id;
    expect(linkCalls()).toHaveLength(1);
    expect(linkCalls()[0]?.method).toBe('function');
    expect(linkCalls()[0]?.args).toEqual({ document_id: id, file_name: 'organic-certificate-2026.pdf' });
    // The server records the download: no RPC and no Storage call from the browser.
    expect(fakeSupabase.state.calls.some((call) => call.rpc === 'request_document_download')).toBe(false);
    expect(fakeSupabase.state.calls.some((call) => call.method === 'storage')).toBe(false);
    expect(open).toHaveBeenCalledWith(
      `http://127.0.0.1:54321/storage/v1/object/sign/documents/${id}/v/file.pdf?token=t&download=organic-certificate-2026.pdf`,
    );
  });

  it('names a French download after the French title, accents and punctuation removed', async () => {
    const open = vi.spyOn(fileNavigation, 'open').mockImplementation(() => undefined);
    const { user } = renderDocuments('/fr/client/documents');
    await screen.findByText('3 documents');
    await user.click(screen.getByRole('button', { name: 'Télécharger Fiche technique : huile d’olive extra vierge' }));
    await vi.waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect((linkCalls()[0]?.args as { file_name: string }).file_name).toBe(
      'fiche-technique-huile-d-olive-extra-vierge.pdf',
    );
    await user.click(screen.getByRole('button', { name: 'Télécharger Liste de prix 2026' }));
    await vi.waitFor(() => expect(open).toHaveBeenCalledTimes(2));
    expect((linkCalls()[1]?.args as { file_name: string }).file_name).toBe('liste-de-prix-2026.xlsx');
  });

  it('a document that is gone or refused (404) says so beside it, in English and French, and opens nothing', async () => {
    const open = vi.spyOn(fileNavigation, 'open').mockImplementation(() => undefined);
    const gone = {
      override: (call: { rpc: string | null }) =>
        call.rpc === 'document-link'
          ? { data: null, error: { message: 'No such document.', code: 'not_found' }, status: 404 }
          : undefined,
    };
    const { user } = renderDocuments('/client/documents', gone);
    await screen.findByText('3 documents');
    await user.click(screen.getByRole('button', { name: 'Download Price list 2026' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This document is no longer available.');
    expect(within(screen.getAllByTestId('document')[2] as HTMLElement).getByRole('alert')).toBe(alert);
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Download Price list 2026' })).toHaveAttribute(
      'aria-describedby',
      alert.id,
    );
  });

  it('in French, no answer, an ended session or a failed link each say what happened, never a blank page', async () => {
    const open = vi.spyOn(fileNavigation, 'open').mockImplementation(() => undefined);
    let status = 0;
    const { user } = renderDocuments('/fr/client/documents', {
      override: (call) =>
        call.rpc === 'document-link' ? { data: null, error: { message: 'refused' }, status } : undefined,
    });
    await screen.findByText('3 documents');
    const button = () => screen.getByRole('button', { name: 'Télécharger Liste de prix 2026' });
    await user.click(button());
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Le téléchargement n’a pas pu commencer\u00a0: le serveur est injoignable.',
    );
    status = 401;
    await user.click(button());
    // The no-break space before the colon is French typography (the text matchers would turn it into a space).
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Votre session a pris fin\u00a0: le téléchargement n’a pas pu commencer. Reconnectez-vous, puis téléchargez le document.',
      ),
    );
    status = 502;
    await user.click(button());
    expect(
      await screen.findByText('Le téléchargement n’a pas pu commencer. Réessayez dans un instant.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Documents' })).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
  });

  it('in English, an ended session asks to sign in again', async () => {
    vi.spyOn(fileNavigation, 'open').mockImplementation(() => undefined);
    const { user } = renderDocuments('/client/documents', {
      override: (call) =>
        call.rpc === 'document-link' ? { data: null, error: { message: 'unauthorized' }, status: 401 } : undefined,
    });
    await screen.findByText('3 documents');
    await user.click(screen.getByRole('button', { name: 'Download Price list 2026' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your session has ended, so the download could not start. Sign in again, then download the document.',
    );
  });
});
