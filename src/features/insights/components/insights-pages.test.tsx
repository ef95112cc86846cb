import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ArticlePage from '@/features/insights/components/article-page';
import BlogPage from '@/features/insights/components/blog-page';
import { PageContentContext } from '@/lib/content/use-page-content';
import NewsPage from '@/features/insights/components/news-page';
import PartnershipsPage from '@/features/insights/components/partnerships-page';
import SolutionsPage from '@/features/insights/components/solutions-page';
import TeamsPage from '@/features/insights/components/teams-page';
import { consoleErrorGuard } from '@tests/support/console-guard';
import { pageContentAt, publishedContent } from '@tests/support/published-content';
import { renderWithProviders } from '@tests/support/render';

const normalise = (s: string | null) => (s ?? '').replace(/\s/g, ' ');

function Insights() {
  const routes = (
    <>
      <Route path="insights/news" element={<NewsPage />} />
      <Route path="insights/blog" element={<BlogPage />} />
      <Route path="insights/blog/:slug" element={<ArticlePage />} />
      <Route path="teams" element={<TeamsPage />} />
      <Route path="partnerships" element={<PartnershipsPage />} />
      <Route path="solutions" element={<SolutionsPage />} />
    </>
  );
  return (
    <Routes>
      <Route path="fr">{routes}</Route>
      <Route path="/">{routes}</Route>
    </Routes>
  );
}

/** The page at `path` with the content the prerenderer would give it (the published rows of the fixture). */
const renderAt = (path: string) =>
  renderWithProviders(
    <PageContentContext value={pageContentAt(path.split('?')[0] ?? path)}>
      <Insights />
    </PageContentContext>,
    { path, flags: { insights: true } },
  );

describe('news page', () => {
  it('has breadcrumbs, all five stories and a wide first card', () => {
    renderAt('/insights/news');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(crumbs).getByText('News')).toHaveAttribute('aria-current', 'page');
    const cards = screen.getAllByTestId('news-card');
    expect(cards).toHaveLength(5);
    expect(cards[0]).toHaveAttribute('data-wide', 'true');
    expect(cards.slice(1).every((card) => card.getAttribute('data-wide') === 'false')).toBe(true);
  });

  it('narrows the list by category and back to all', async () => {
    const user = userEvent.setup();
    renderAt('/insights/news');
    const filters = within(screen.getByRole('navigation', { name: 'Filter by category' }));
    expect(filters.getAllByRole('link').map((l) => l.textContent)).toEqual([
      'All news',
      'Product launches',
      'Partnerships',
      'Expansion',
      'Trade',
      'Sustainability',
    ]);
    await user.click(filters.getByRole('link', { name: 'Trade' }));
    expect(filters.getByRole('link', { name: 'Trade' })).toHaveAttribute('aria-current', 'true');
    const cards = screen.getAllByTestId('news-card');
    expect(cards).toHaveLength(1);
    expect(cards[0]).toHaveTextContent('What the 2025 cheese quota allocation means for Greek feta');
    expect(screen.getByText('1 story')).toBeInTheDocument();
    await user.click(filters.getByRole('link', { name: 'All news' }));
    expect(screen.getAllByTestId('news-card')).toHaveLength(5);
  });

  it('in French: four stories, no trade filter, dates in fr-CA', () => {
    renderAt('/fr/insights/news?category=trade');
    const filters = within(screen.getByRole('navigation', { name: 'Filtrer par catégorie' }));
    expect(filters.queryByRole('link', { name: 'Commerce' })).not.toBeInTheDocument();
    // An unknown category for this language shows everything.
    expect(filters.getByRole('link', { name: 'Toutes les actualités' })).toHaveAttribute('aria-current', 'true');
    const cards = screen.getAllByTestId('news-card');
    expect(cards).toHaveLength(4);
    expect(normalise(cards[0]!.querySelector('time')!.textContent)).toBe('18 mars 2025');
  });

  it('shows dates in en-CA on the English page', () => {
    renderAt('/insights/news');
    const time = screen.getAllByTestId('news-card')[0]!.querySelector('time')!;
    expect(time).toHaveAttribute('dateTime', '2025-03-18');
    expect(normalise(time.textContent)).toBe('March 18, 2025');
  });
});

describe('blog page (decision 005)', () => {
  it('English: a featured article with category badges, then Latest Articles linking to their pages', () => {
    renderAt('/insights/blog');
    const featured = screen.getByRole('region', { name: 'Featured article' });
    expect(within(featured).getByText('Sourcing')).toBeInTheDocument();
    expect(within(featured).getByRole('link')).toHaveAttribute(
      'href',
      '/insights/blog/bringing-greek-olive-oil-to-canada',
    );
    const latest = screen.getByRole('region', { name: 'Latest Articles' });
    const links = within(latest).getAllByRole('link');
    expect(links).toHaveLength(3);
    for (const link of links) expect(link.getAttribute('href')).toMatch(/^\/insights\/blog\/[a-z0-9-]+$/);
  });

  it('French: a featured article, then Derniers articles linking under /fr', () => {
    renderAt('/fr/insights/blog');
    expect(screen.getByRole('region', { name: 'Article vedette' })).toBeInTheDocument();
    const latest = screen.getByRole('region', { name: 'Derniers articles' });
    const links = within(latest).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', '/fr/insights/blog/bilingual-labels-without-the-headaches');
    expect(screen.getByText('Conformité')).toBeInTheDocument();
  });
});

describe('article page (decision 005)', () => {
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('shows category, author, date, read time, the body and an author box', () => {
    renderAt('/insights/blog/keeping-feta-cold-from-thessaloniki-to-toronto');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Keeping feta cold from Thessaloniki to Toronto' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Logistics')).toBeInTheDocument();
    expect(screen.getAllByText('By Nikos Papadakis').length).toBeGreaterThan(0);
    expect(normalise(screen.getAllByText(/September 17, 2024/)[0]!.textContent)).toBe('September 17, 2024');
    expect(screen.getByText('5 min read')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'The journey, leg by leg' })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'About the author' })).toHaveTextContent(
      'Head of sourcing and logistics',
    );
  });

  it.each([
    ['English', '/insights/blog', 'en'],
    ['French', '/fr/insights/blog', 'fr'],
  ] as const)('has its own page for every post the %s blog lists', (_language, listPath, locale) => {
    const posts = publishedContent.items.flatMap((item) => {
      const tr = item.kind === 'blog' ? item.translations[locale] : undefined;
      return tr ? [tr] : [];
    });
    const list = renderAt(listPath);
    const listed = screen
      .getAllByRole('link')
      .filter((link) => /\/insights\/blog\/[^/]+$/.test(link.getAttribute('href') ?? ''))
      .map((link) => ({ title: normalise(link.textContent).trim(), href: link.getAttribute('href') ?? '' }));
    list.unmount();
    // The list shows every post of the language, each once.
    expect(listed.map((entry) => entry.title).sort()).toEqual(posts.map((post) => post.title).sort());

    for (const { title, href } of listed) {
      const post = posts.find((candidate) => candidate.title === title)!;
      const { unmount } = renderAt(href);
      expect(screen.getByRole('heading', { level: 1, name: title }), href).toBeInTheDocument();
      // The body arrives as the HTML rendered from its Markdown.
      expect(screen.getByRole('article')).toHaveTextContent(normalise(post.bodyMd.split('\n')[0] ?? '').slice(0, 60));
      unmount();
    }
  });

  it('gives a French article its read time and its date in fr-CA', () => {
    renderAt('/fr/insights/blog/bilingual-labels-without-the-headaches');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Des étiquettes bilingues sans casse-tête' }),
    ).toBeInTheDocument();
    expect(screen.getByText('5 min de lecture')).toBeInTheDocument();
    expect(normalise(screen.getAllByText(/janvier 2025/)[0]!.textContent)).toBe('22 janvier 2025');
  });

  it('is the 404 page for an unknown slug (decision 005), including an English-only post under /fr', async () => {
    consoleErrorGuard.expect(/non-existent route/);
    // A path the prerenderer gave no content: the page reads the path's published content, which is a 404.
    const fetchPage = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) => new Response('Not found', { status: 404 }),
    );
    vi.stubGlobal('fetch', fetchPage);
    try {
      const { unmount } = await act(async () => renderAt('/insights/blog/no-such-post'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeInTheDocument();
      unmount();
      await act(async () => renderAt('/fr/insights/blog/a-short-guide-to-greek-mountain-tea'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Oups ! Page introuvable' })).toBeInTheDocument();
      expect(fetchPage).toHaveBeenCalledWith('/content-data/insights/blog/no-such-post.json', expect.anything());
      // Each 404 reports itself to the analytics once its code has loaded; both
      // reports are made here, not in a later test's network.
      await waitFor(() =>
        expect(fetchPage.mock.calls.filter(([url]) => String(url).includes('/rpc/record_page_view'))).toHaveLength(2),
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('shares through the Web Share API when the browser has it', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { configurable: true, value: share });
    try {
      renderAt('/insights/blog/bringing-greek-olive-oil-to-canada');
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Share' }));
      });
      expect(share).toHaveBeenCalledWith({
        title: 'Bringing a Greek olive oil to Canada: what the first year really looks like',
        url: `${window.location.origin}/insights/blog/bringing-greek-olive-oil-to-canada`,
      });
      expect(screen.getByRole('status')).toHaveTextContent('');
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it('otherwise copies the link and confirms it visibly for a few seconds', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    renderAt('/fr/insights/blog/bringing-greek-olive-oil-to-canada');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Partager' }));
    });
    expect(writeText).toHaveBeenCalledWith(
      `${window.location.origin}/fr/insights/blog/bringing-greek-olive-oil-to-canada`,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Lien copié dans le presse-papiers.');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4000);
    });
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('shows the link to copy by hand when the clipboard is refused', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: vi.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError')) },
    });
    renderAt('/insights/blog/bringing-greek-olive-oil-to-canada');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    });
    const field = screen.getByLabelText('Copy this link to share the article:');
    expect(field).toHaveValue(`${window.location.origin}/insights/blog/bringing-greek-olive-oil-to-canada`);
  });
});

describe('after hydration, items no longer published leave the page', () => {
  /** The Data API's answer to "which of these are still published in this language": all but `gone`. */
  function answerStillPublished(gone: readonly string[] | 'fail') {
    const requests: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(String(input));
      requests.push(`${url.pathname}?${url.search.slice(1)}`);
      if (gone === 'fail') return new Response('{"message":"Failed"}', { status: 503 });
      const ids = /item_id=in\.\(([^)]*)\)/.exec(decodeURIComponent(url.search))?.[1]?.split(',') ?? [];
      const rows = ids.filter((id) => !gone.includes(id)).map((id) => ({ item_id: id }));
      return new Response(JSON.stringify(rows), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    return requests;
  }
  afterEach(() => vi.restoreAllMocks());

  const article = '/insights/blog/keeping-feta-cold-from-thessaloniki-to-toronto';
  const articleId = () => {
    const content = pageContentAt(article);
    if (content?.page !== 'article') throw new Error('fixture has no such article');
    return content.article.id;
  };

  it('an article unpublished since the page was written becomes the 404 page', async () => {
    consoleErrorGuard.expect(/non-existent route/);
    const requests = answerStillPublished([articleId()]);
    renderAt(article);
    // First paint and hydration show the page as published…
    expect(
      screen.getByRole('heading', { level: 1, name: 'Keeping feta cold from Thessaloniki to Toronto' }),
    ).toBeVisible();
    // …then the idle-time check finds it withdrawn.
    expect(await screen.findByRole('heading', { level: 1, name: /not found/i })).toBeInTheDocument();
    expect(screen.queryByText('Keeping feta cold from Thessaloniki to Toronto')).not.toBeInTheDocument();
    // The still-published check, then the 404 page reporting itself to the analytics.
    expect(requests).toEqual([
      `/rest/v1/content_translations?select=item_id&lang=eq.en&item_id=in.(${articleId()})`,
      '/rest/v1/rpc/record_page_view?',
    ]);
  });

  it('a list drops the withdrawn card and keeps the others', async () => {
    const content = pageContentAt('/fr/insights/news');
    if (content?.page !== 'news') throw new Error('fixture has no French news');
    const [first, ...rest] = content.items;
    answerStillPublished([first!.id]);
    renderAt('/fr/insights/news');
    expect(screen.getAllByTestId('news-card')).toHaveLength(content.items.length);
    await waitFor(() => expect(screen.getAllByTestId('news-card')).toHaveLength(rest.length));
    expect(screen.queryByText(first!.title)).not.toBeInTheDocument();
  });

  it('a failed check, or all still published, changes nothing', async () => {
    for (const answer of ['fail', []] as const) {
      const requests = answerStillPublished(answer);
      const view = renderAt(article);
      await waitFor(() => expect(requests).toHaveLength(1));
      // Let the answer arrive and any re-render happen before looking.
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(
        screen.getByRole('heading', { level: 1, name: 'Keeping feta cold from Thessaloniki to Toronto' }),
      ).toBeVisible();
      view.unmount();
      vi.restoreAllMocks();
    }
  });
});

describe('teams, partnerships and solutions', () => {
  it('teams: three member cards with portrait, position, location and expertise', () => {
    renderAt('/fr/teams');
    const members = screen.getAllByTestId('team-member');
    expect(members).toHaveLength(3);
    expect(within(members[1]!).getByRole('img', { name: 'Portrait illustré de Claire Tremblay' })).toBeInTheDocument();
    expect(members[1]).toHaveTextContent('Responsable de la réglementation et de la conformité');
  });

  it('partnerships: three partners and the opportunities with their requirements', () => {
    renderAt('/partnerships');
    expect(screen.getAllByTestId('partner')).toHaveLength(3);
    const opportunities = screen.getAllByTestId('opportunity');
    expect(opportunities).toHaveLength(3);
    for (const opportunity of opportunities) {
      expect(within(opportunity).getByText('What we look for')).toBeInTheDocument();
      expect(within(opportunity).getAllByRole('listitem').length).toBeGreaterThanOrEqual(3);
    }
    expect(screen.getByRole('link', { name: 'Email partners@example.com' })).toHaveAttribute(
      'href',
      'mailto:partners@example.com',
    );
  });

  it('solutions: four services, a four-step process and three value points', () => {
    renderAt('/solutions');
    expect(screen.getAllByTestId('solution')).toHaveLength(4);
    expect(screen.getAllByTestId('solution-step').map((s) => s.querySelector('h3')?.textContent)).toEqual([
      'Discovery',
      'Plan',
      'Launch',
      'Review and grow',
    ]);
    expect(screen.getAllByTestId('value-point')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/#contact');
  });
});
