import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeSupabaseState, fakeSupabase, type FakeCall, type FakeResponse } from '@tests/support/fake-supabase';
import { renderPortal } from '@tests/support/render-portal';

vi.mock('@/lib/supabase/client', async () => (await import('@tests/support/fake-supabase')).fakeClientModule());
vi.mock('@/lib/supabase/rest', async () => (await import('@tests/support/fake-supabase')).fakeRestModule());

configure({ asyncUtilTimeout: 5000 });

const ok = (data: unknown): FakeResponse => ({ data, error: null });

const items = [
  {
    id: 'n1',
    kind: 'news',
    status: 'published',
    publish_at: '2026-10-01T12:00:00Z',
    category: 'trade',
    featured: false,
    updated_at: '2026-10-01T12:00:00Z',
  },
  {
    id: 'b1',
    kind: 'blog',
    status: 'draft',
    publish_at: null,
    category: 'sourcing',
    featured: true,
    updated_at: '2026-11-20T12:00:00Z',
  },
  {
    id: 'b2',
    kind: 'blog',
    status: 'scheduled',
    publish_at: '2026-12-01T14:00:00Z',
    category: 'logistics',
    featured: false,
    updated_at: '2026-11-21T12:00:00Z',
  },
];
const translations = [
  { item_id: 'n1', lang: 'en', title: 'Trade show in Toronto', slug: 'trade-show-toronto', date: '2026-10-01' },
  { item_id: 'n1', lang: 'fr', title: 'Salon à Toronto', slug: 'salon-toronto', date: '2026-10-01' },
  { item_id: 'b1', lang: 'en', title: 'Sourcing olive oil', slug: 'sourcing-olive-oil', date: '2026-11-20' },
  { item_id: 'b2', lang: 'fr', title: 'Logistique du froid', slug: 'logistique-du-froid', date: '2026-11-25' },
];

let extra: (call: FakeCall) => FakeResponse | undefined;

beforeEach(() => {
  extra = () => undefined;
  fakeSupabase.state = createFakeSupabaseState();
  fakeSupabase.state.respond = (call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.table === 'content_items') return ok(items);
    if (call.table === 'content_translations') return ok(translations);
    if (call.method === 'select') return ok([]);
    return ok(null);
  };
});

const rowTitles = () =>
  screen.queryAllByTestId('content-row').map((row) => within(row).getAllByRole('link')[0]?.textContent);

describe('Content list', () => {
  it('lists news and blog posts together, newest first', async () => {
    renderPortal('/admin-portal/content');
    await waitFor(() =>
      expect(rowTitles()).toEqual(['Logistique du froid', 'Sourcing olive oil', 'Trade show in Toronto']),
    );
    expect(screen.getByText('3 items')).toBeInTheDocument();
    // What the columns hidden on a phone say, in one line under each title.
    expect(screen.getAllByTestId('content-row-summary').map((line) => line.textContent)).toEqual([
      'Blog · French · Logistics · 2026-11-25',
      'Blog · English · Sourcing · 2026-11-20',
      'News · English, French · Trade · 2026-10-01',
    ]);
  });

  it('filters by kind, language, status, category and search, keeping the filters in the URL', async () => {
    const user = userEvent.setup();
    renderPortal('/admin-portal/content?lang=fr');
    await waitFor(() => expect(rowTitles()).toEqual(['Logistique du froid', 'Trade show in Toronto']));

    await user.selectOptions(screen.getByLabelText('Kind'), 'blog');
    await waitFor(() => expect(rowTitles()).toEqual(['Logistique du froid']));

    await user.selectOptions(screen.getByLabelText('Language'), '');
    await user.selectOptions(screen.getByLabelText('Status'), 'draft');
    await waitFor(() => expect(rowTitles()).toEqual(['Sourcing olive oil']));

    await user.selectOptions(screen.getByLabelText('Status'), '');
    await user.selectOptions(screen.getByLabelText('Category'), 'logistics');
    await waitFor(() => expect(rowTitles()).toEqual(['Logistique du froid']));

    await user.selectOptions(screen.getByLabelText('Category'), '');
    await user.type(screen.getByLabelText('Search title or slug'), 'olive');
    await waitFor(() => expect(rowTitles()).toEqual(['Sourcing olive oil']));
  });

  it('reads the filters from the address (a reload keeps them)', async () => {
    renderPortal('/admin-portal/content?kind=news&q=salon');
    await waitFor(() => expect(rowTitles()).toEqual(['Trade show in Toronto']));
    expect(screen.getByLabelText('Kind')).toHaveValue('news');
    expect(screen.getByLabelText('Search title or slug')).toHaveValue('salon');
  });
});

describe('Content editor', () => {
  it('makes the slug from the title until it is edited by hand', async () => {
    const user = userEvent.setup();
    renderPortal('/admin-portal/content/new?kind=news');
    const title = await screen.findByLabelText('Title (English)');
    const slug = screen.getByLabelText('Slug (English)');
    await user.type(title, 'Crète: l’été des olives');
    expect(slug).toHaveValue('crete-lete-des-olives');
    await user.clear(slug);
    await user.type(slug, 'my-own-slug');
    await user.type(title, ' 2026');
    expect(slug).toHaveValue('my-own-slug');
  });

  it('shows a taken slug beside its field and keeps everything typed', async () => {
    const user = userEvent.setup();
    extra = (call) =>
      call.rpc === 'save_content_item'
        ? {
            data: null,
            error: { message: 'duplicate slug', code: '23505', details: 'fr.slug' } as FakeResponse['error'],
          }
        : undefined;
    renderPortal('/admin-portal/content/new?kind=blog');
    await user.type(await screen.findByLabelText('Title (English)'), 'Olive harvest');
    await user.type(screen.getByLabelText('Body (English, Markdown)'), 'Some **bold** words.');
    await user.click(screen.getByRole('tab', { name: /French/ }));
    await user.type(screen.getByLabelText('Title (French)'), 'Récolte des olives');
    await user.click(screen.getByRole('tab', { name: /English/ }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    expect(await screen.findByText(/This slug is taken: another blog post in French uses it/)).toBeInTheDocument();
    // The editor shows the French tab, where the field is.
    expect(screen.getByRole('tab', { name: /French/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Slug (French)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Title (French)')).toHaveValue('Récolte des olives');
    expect(screen.getByLabelText('Title (English)')).toHaveValue('Olive harvest');
    expect(screen.getByLabelText('Body (English, Markdown)')).toHaveValue('Some **bold** words.');
    const save = fakeSupabase.state.calls.find((call) => call.rpc === 'save_content_item');
    expect(save?.args).toMatchObject({
      payload: {
        kind: 'blog',
        translations: { en: { title: 'Olive harvest', slug: 'olive-harvest' }, fr: { slug: 'recolte-des-olives' } },
      },
    });
  });

  it('renders the body live with the article typography and its reading time; never runs raw HTML', async () => {
    const user = userEvent.setup();
    renderPortal('/admin-portal/content/new?kind=blog');
    const body = await screen.findByLabelText('Body (English, Markdown)');
    await user.type(body, '## Harvest{enter}{enter}<img src=x onerror=alert(1)> text');
    const preview = screen.getByTestId('preview-en');
    await waitFor(() => expect(within(preview).getByRole('heading', { name: 'Harvest' })).toBeInTheDocument());
    expect(preview.querySelector('img')).toBeNull();
    expect(within(preview).getByTestId('reading-time')).toHaveTextContent('1 min read');
  });

  it('switches languages with the arrow keys and says a missing French version stays off French pages', async () => {
    const user = userEvent.setup();
    renderPortal('/admin-portal/content/new?kind=news');
    const english = await screen.findByRole('tab', { name: /English/ });
    english.focus();
    await user.keyboard('{ArrowRight}');
    const french = screen.getByRole('tab', { name: /French/ });
    expect(french).toHaveFocus();
    expect(french).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByLabelText('Include the French version'));
    expect(screen.getByText(/this item stays off the French pages/)).toBeInTheDocument();
  });
});

describe('a stored item', () => {
  const stored = {
    id: 'b1',
    kind: 'blog',
    status: 'draft',
    publish_at: null,
    category: 'sourcing',
    featured: true,
    image_path: null,
    image_width: null,
    image_height: null,
    author_name: 'Eleni Markou',
    created_at: '2026-11-20T12:00:00Z',
    created_by: 'admin-1',
    updated_at: '2026-11-20T12:00:00Z',
    updated_by: 'admin-1',
  };
  const english = {
    item_id: 'b1',
    kind: 'blog',
    lang: 'en',
    title: 'Sourcing olive oil',
    slug: 'sourcing-olive-oil',
    excerpt: '',
    body_md: 'Text.',
    image_alt: '',
    date: '2026-11-20',
    author_role: null,
    author_bio: null,
    tag: null,
    reading_minutes: 1,
  };
  const versions = [
    {
      id: 12,
      created_at: '2026-11-21T12:00:00Z',
      created_by: 'admin-1',
      snapshot: { translations: [{ lang: 'en', title: 'Sourcing olive oil' }] },
    },
    {
      id: 11,
      created_at: '2026-11-20T12:00:00Z',
      created_by: 'admin-1',
      snapshot: { translations: [{ lang: 'en', title: 'Olive oil' }] },
    },
  ];
  const audit = [
    {
      id: 5,
      item_id: 'b1',
      kind: 'blog',
      action: 'update',
      changes: { en: { title: { from: 'Olive oil', to: 'Sourcing olive oil' } } },
      actor_id: 'admin-1',
      actor_email: 'admin@example.com',
      at: '2026-11-21T12:00:00Z',
    },
  ];

  beforeEach(() => {
    extra = (call) => {
      if (call.table === 'content_items' && call.filters.length) return ok(stored);
      if (call.table === 'content_translations' && call.filters.length) return ok([english]);
      if (call.table === 'content_versions') return ok(versions);
      if (call.table === 'content_audit') return ok(audit);
      return undefined;
    };
  });

  it('leaves the slug of a stored item alone when its title changes, and does not touch French it lacks', async () => {
    const user = userEvent.setup();
    renderPortal('/admin-portal/content/b1');
    const title = await screen.findByLabelText('Title (English)');
    await user.type(title, ' 2026');
    expect(screen.getByLabelText('Slug (English)')).toHaveValue('sourcing-olive-oil');
    expect(screen.getByRole('tab', { name: /French \(not included\)/ })).toBeInTheDocument();
  });

  it('schedules at a Toronto time sent in UTC (EST in January)', async () => {
    const user = userEvent.setup();
    renderPortal('/admin-portal/content/b1');
    const at = await screen.findByLabelText('Publish at (Toronto time)');
    await user.type(at, '2030-01-15T09:00');
    expect(screen.getByText(/2030-01-15 14:00 UTC/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() =>
      expect(fakeSupabase.state.calls.find((c) => c.rpc === 'schedule_content_item')?.args).toEqual({
        item_id: 'b1',
        at: '2030-01-15T14:00:00.000Z',
      }),
    );
    // Nothing was typed in the form: nothing is saved first.
    expect(fakeSupabase.state.calls.some((c) => c.rpc === 'save_content_item')).toBe(false);
  });

  it('shows who changed what, and restores an older version after confirmation', async () => {
    const user = userEvent.setup();
    renderPortal('/admin-portal/content/b1');
    const history = await screen.findByRole('list', { name: 'Change history' });
    await waitFor(() => expect(history).toHaveTextContent('admin@example.com edited: English: title'));
    const restore = await screen.findByRole('button', { name: /Restore the version of/ });
    expect(screen.getAllByRole('button', { name: /Restore the version of/ })).toHaveLength(1);
    await user.click(restore);
    const dialog = await screen.findByRole('dialog', { name: 'Restore this version?' });
    await user.click(within(dialog).getByRole('button', { name: 'Restore version' }));
    await waitFor(() =>
      expect(fakeSupabase.state.calls.find((c) => c.rpc === 'restore_content_version')?.args).toEqual({
        version_id: 11,
      }),
    );
  });

  it('deletes only after confirmation', async () => {
    const user = userEvent.setup();
    renderPortal('/admin-portal/content/b1');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this blog post?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fakeSupabase.state.calls.some((c) => c.rpc === 'delete_content_item')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this blog post?' })).getByRole('button', {
        name: 'Delete permanently',
      }),
    );
    await waitFor(() =>
      expect(fakeSupabase.state.calls.find((c) => c.rpc === 'delete_content_item')?.args).toEqual({ item_id: 'b1' }),
    );
  });

  it('after a delete, removes from the bucket the images the database says nothing uses any more', async () => {
    const previous = extra;
    extra = (call) => (call.rpc === 'unused_content_images' ? ok(['2025/03/old-photo.webp']) : previous(call));
    const user = userEvent.setup();
    renderPortal('/admin-portal/content/b1');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this blog post?' })).getByRole('button', {
        name: 'Delete permanently',
      }),
    );
    await waitFor(() =>
      expect(fakeSupabase.state.calls.filter((c) => c.method === 'storage.remove')).toEqual([
        expect.objectContaining({ table: 'content-images', values: ['2025/03/old-photo.webp'] }),
      ]),
    );
    const order = fakeSupabase.state.calls.map((c) => c.rpc ?? c.method).filter((name) => name !== 'select');
    expect(order.indexOf('delete_content_item')).toBeLessThan(order.indexOf('unused_content_images'));
  });
});
