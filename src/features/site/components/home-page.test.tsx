import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HomePage } from '@/features/site/components/home-page';
import { PageContentContext } from '@/lib/content/use-page-content';
import { defaultFlags, homeSections, type FlagMap } from '@/lib/flags/defaults';
import { pageContentAt } from '@tests/support/published-content';
import { flagList, renderWithProviders } from '@tests/support/render';

/** The home page as prerendered: with the content the publish gives it (where each category's card leads). */
function renderHome(options: Parameters<typeof renderWithProviders>[1] = {}) {
  return renderWithProviders(
    <PageContentContext value={pageContentAt('/')}>
      <HomePage contactForm={<p>Contact form slot</p>} />
    </PageContentContext>,
    options,
  );
}

/** The rendered sections, in document order, named as their heading's id names them ("products-heading"). */
function sectionIds(container: HTMLElement): string[] {
  return Array.from(container.querySelectorAll('section[aria-labelledby$="-heading"]'), (section) =>
    (section.getAttribute('aria-labelledby') ?? '').replace(/-heading$/, ''),
  );
}

/** Every home section, top to bottom, as the flags declare them (src/lib/flags/defaults.ts). */
const declaredSections = homeSections.map(({ section }) => section);
/** The sections the default flags show. */
const everySection = homeSections.filter(({ flag }) => defaultFlags[flag]).map(({ section }) => section);
/** Every home section's flag on. */
const allSectionsOn: Partial<FlagMap> = Object.fromEntries(homeSections.map(({ flag }) => [flag, true]));

describe('home page sections', () => {
  it('stacks the sections the default flags show, in their declared order, under one h1', () => {
    const { container } = renderHome({ flags: {} });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      /your Mediterranean brand across North America/,
    );
    expect(everySection[0]).toBe('hero');
    expect(sectionIds(container)).toEqual(everySection);
  });

  it('stacks every declared section in its order while all their flags are on', () => {
    const { container } = renderHome({ flags: allSectionsOn });
    expect(sectionIds(container)).toEqual(declaredSections);
  });

  it.each(homeSections.map(({ flag, section }) => [flag, section]))(
    'hides only its section while %s is off',
    (flag, section) => {
      const { container } = renderHome({ flags: { ...allSectionsOn, [flag]: false } });
      expect(sectionIds(container)).toEqual(declaredSections.filter((s) => s !== section));
    },
  );

  it('without hero_section, starts with the next section and still has one h1', () => {
    const { container } = renderHome({ flags: { hero_section: false } });
    expect(screen.queryByTestId('hero-keyword')).not.toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(sectionIds(container)).toEqual(everySection.filter((s) => s !== 'hero'));
  });

  it('renders the six products, five services and four process steps', () => {
    renderHome({ flags: {} });
    expect(
      screen.getByRole('region', { name: 'Six categories of Mediterranean excellence' }).querySelectorAll('li'),
    ).toHaveLength(6);
    expect(
      screen.getByRole('region', { name: 'Everything between the harvest and the shelf' }).querySelectorAll('li'),
    ).toHaveLength(5);
    const steps = screen
      .getByRole('region', { name: 'Four steps from first shipment to national shelf' })
      .querySelectorAll('li');
    expect(Array.from(steps, (li) => li.querySelector('h3')?.textContent)).toEqual([
      'Import',
      'Launch',
      'Grow',
      'Scale',
    ]);
  });

  it('tells the brand story with the founding year and the mission', () => {
    renderHome({ flags: {} });
    const story = screen.getByRole('region', { name: 'Rooted in the Mediterranean, built for North America' });
    expect(story).toHaveTextContent('2016');
    expect(story).toHaveTextContent(/Our mission/);
  });

  it('links the founder section to the sister brand in a new tab, safely', () => {
    renderHome({ flags: {} });
    const link = screen.getByRole('link', { name: /Visit Kalimera Pantry/ });
    expect(link).toHaveAttribute('href', 'https://www.example.com/kalimera-pantry');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(link).toHaveAccessibleName(/opens in a new tab/);
  });

  it('puts the contact form slot beside the mailbox, phone and Ottawa address', () => {
    renderHome({ flags: {} });
    const contact = screen.getByRole('region', { name: 'Let’s bring your products to North America' });
    expect(contact).toHaveTextContent('Contact form slot');
    expect(screen.getByRole('link', { name: 'info@example.com' })).toHaveAttribute('href', 'mailto:info@example.com');
    expect(screen.getByRole('link', { name: '+1 (613) 555-0142' })).toHaveAttribute('href', 'tel:+16135550142');
    expect(contact).toHaveTextContent('240 Sparks Street, Suite 610, Ottawa, Ontario K1P 5B5, Canada');
  });

  it('is entirely French under /fr', () => {
    renderHome({ path: '/fr', flags: {} });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      /votre marque méditerranéenne en Amérique du Nord/,
    );
    expect(
      screen.getByRole('region', { name: 'Faisons connaître vos produits en Amérique du Nord' }),
    ).toHaveTextContent('Ottawa (Ontario) K1P 5B5');
  });
});

describe('while the flags load', () => {
  it('shows a skeleton holding the sections’ place on a client-rendered visit', () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise(() => {}));
    renderHome({ path: '/fr' });
    expect(screen.getByRole('status', { name: 'Chargement de la page' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('renders the default sections at once on a prerendered visit (hydration)', () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise(() => {}));
    const { container } = renderHome({ flagsLoadingMode: 'defaults' });
    expect(screen.queryByTestId('home-skeleton')).not.toBeInTheDocument();
    expect(sectionIds(container)).toEqual(everySection);
  });

  it('replaces the skeleton with the sections the server has on', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify([{ id: '1', name: 'services', enabled: false, description: null }]), {
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    const { container } = renderHome();
    await screen.findByRole('heading', { level: 1 });
    expect(sectionIds(container)).toEqual(everySection.filter((s) => s !== 'services'));
  });
});

/** What a browser does when the visitor comes back to the tab. */
function regainFocus() {
  act(() => {
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
}

/**
 * The flag reads among the page's requests: a page view another test's page
 * sent may still be on its way (test files share their worker's jsdom).
 */
const flagReads = (fetch: { mock: { calls: unknown[][] } }) =>
  fetch.mock.calls.filter(([url]) => String(url).includes('/rest/v1/feature_flags')).length;

const answer = (flags: Partial<FlagMap>) =>
  Promise.resolve(Response.json(flagList(flags), { headers: { 'Content-Type': 'application/json' } }));

describe('when staff change a flag while the page is open', () => {
  it('reads the flags again when the window regains focus after 30 s, and shows the change', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(() => answer({}));
    const { container } = renderHome();
    await screen.findByRole('heading', { level: 1 });
    expect(sectionIds(container)).toEqual(everySection);
    expect(flagReads(fetch)).toBe(1);

    // Staff switch the services section off; the visitor comes back to the tab 31 s later.
    fetch.mockImplementation(() => answer({ services: false }));
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 31_000);
    regainFocus();
    await waitFor(() => expect(sectionIds(container)).toEqual(everySection.filter((id) => id !== 'services')));
    expect(flagReads(fetch)).toBe(2);
  });

  it('does not read them again on focus within 30 s', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(() => answer({}));
    renderHome();
    await screen.findByRole('heading', { level: 1 });
    regainFocus();
    await act(async () => {});
    expect(flagReads(fetch)).toBe(1);
  });
});

describe('when the flags cannot be read', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('falls back to the defaults and warns, when the request fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const { container } = renderHome();
    // One retry (a second after the first failure), then the defaults.
    await screen.findByRole('heading', { level: 1 }, { timeout: 3000 });
    expect(sectionIds(container)).toEqual(everySection);
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/using the defaults/), expect.anything()),
    );
  });

  it('keeps the defaults on screen, not the skeleton, while a failed read is retried', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetch = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const { queryClient } = renderHome();
    await screen.findByRole('heading', { level: 1 }, { timeout: 3000 });
    await waitFor(() => expect(queryClient.isFetching()).toBe(0), { timeout: 3000 });
    const readsBefore = flagReads(fetch);
    // The window regains focus: the flags are read again and fail again.
    regainFocus();
    await waitFor(() => expect(flagReads(fetch)).toBeGreaterThan(readsBefore));
    expect(screen.queryByTestId('home-skeleton')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('falls back to the defaults when the server does not answer within 5 s', async () => {
    vi.useFakeTimers();
    // jsdom's AbortSignal.timeout runs on a clock the fake timers do not reach.
    vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms) => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')), ms);
      return controller.signal;
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const { container } = renderHome();
    expect(screen.getByTestId('home-skeleton')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4_900);
    });
    expect(screen.getByTestId('home-skeleton')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(screen.queryByTestId('home-skeleton')).not.toBeInTheDocument();
    expect(sectionIds(container)).toEqual(everySection);
    expect(warn).toHaveBeenCalled();
  });
});

describe('the products section', () => {
  it('opens each published category from its card, and the whole catalogue', () => {
    renderHome({ flags: {} });
    expect(screen.getByRole('link', { name: 'Cheeses' })).toHaveAttribute('href', '/products/cheeses');
    // A category the publish does not list (unpublished) has a card without a link.
    expect(screen.queryByRole('link', { name: 'Honeys' })).not.toBeInTheDocument();
    expect(screen.getByText('Honeys')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See every product in the catalogue' })).toHaveAttribute(
      'href',
      '/products',
    );
  });
});
