import { act, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { preloadPolicies } from '@/features/site/components/policy-page';
import { consoleErrorGuard } from '@tests/support/console-guard';
import { renderWithProviders } from '@tests/support/render';
import { SiteRoutes } from './site-routes';

describe('policy pages', () => {
  it('load their text on demand', async () => {
    let view: ReturnType<typeof renderWithProviders> | undefined;
    await act(async () => {
      view = renderWithProviders(<SiteRoutes />, { path: '/terms', flags: {} });
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms of Use' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    view?.unmount();
  });

  describe('once loaded', () => {
    beforeAll(async () => {
      await Promise.all([preloadPolicies('en'), preloadPolicies('fr')]);
    });
    it.each([
      ['/privacy', 'Privacy Policy', 'Effective date: April 28, 2025'],
      ['/terms', 'Terms of Use', 'Effective date: April 28, 2025'],
      ['/fr/privacy', 'Politique de confidentialité', 'Date d’entrée en vigueur : 28 avril 2025'],
      ['/fr/terms', 'Conditions d’utilisation', 'Date d’entrée en vigueur : 28 avril 2025'],
    ])('%s shows its full text with the effective date', async (path, title, effective) => {
      renderWithProviders(<SiteRoutes />, { path, flags: {} });
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(
        screen.getByText(effective.replace(/\s/g, ' '), { normalizer: (s) => s.replace(/\s/g, ' ') }),
      ).toBeInTheDocument();
      expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(10);
      expect(screen.getAllByText(/privacy@example\.com|info@example\.com/).length).toBeGreaterThan(0);
      expect(document.title).toContain(title);
    });

    it('names Ontario, Canada as the governing law, in both languages', async () => {
      const { unmount } = renderWithProviders(<SiteRoutes />, { path: '/terms', flags: {} });
      expect(
        await screen.findByText(/governed by the laws of the Province of Ontario and the federal laws of Canada/),
      ).toBeInTheDocument();
      unmount();
      renderWithProviders(<SiteRoutes />, { path: '/fr/terms', flags: {} });
      expect(
        await screen.findByText(/régies par les lois de la province de l’Ontario et les lois fédérales du Canada/),
      ).toBeInTheDocument();
    });

    it('offers a table of contents whose links are in-page anchors', async () => {
      renderWithProviders(<SiteRoutes />, { path: '/privacy', flags: {} });
      const toc = await screen.findByRole('navigation', { name: 'On this page' });
      const links = toc.querySelectorAll('a');
      expect(links.length).toBe(12);
      for (const link of links) expect(document.getElementById(link.getAttribute('href')!.slice(1))).not.toBeNull();
    });
  });
});

describe("404 page, in the visitor's language", () => {
  it('says "Oops! Page not found", links home and logs the unknown path', () => {
    consoleErrorGuard.expect(/404 Error: User attempted to access non-existent route: \/no-such-page/);
    renderWithProviders(<SiteRoutes />, { path: '/no-such-page', flags: {} });
    expect(screen.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to home' })).toHaveAttribute('href', '/');
    expect(consoleErrorGuard.messages()).toHaveLength(1);
  });

  it('is French under /fr, linking to /fr', () => {
    consoleErrorGuard.expect(/non-existent route: \/fr\/pas-ici/);
    renderWithProviders(<SiteRoutes />, { path: '/fr/pas-ici', flags: {} });
    expect(screen.getByRole('heading', { level: 1, name: 'Oups ! Page introuvable' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/fr');
  });
});

describe('public layout', () => {
  it('has a skip link to the main landmark, the banner, the footer and one h1', () => {
    renderWithProviders(<SiteRoutes />, { path: '/', flags: {} });
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});
