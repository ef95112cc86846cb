import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SiteFooter } from '@/features/site/components/site-footer';
import type { FlagMap } from '@/lib/flags/defaults';
import { renderWithProviders } from '@tests/support/render';

const allOn: Partial<FlagMap> = { insights: true, teams: true, partnerships: true, solutions: true };
const quickLinks = () => within(screen.getByRole('navigation', { name: /quick links|liens rapides/i }));

describe('footer', () => {
  it('lists quick links, products, contact, the policies and the copyright with the current year', () => {
    renderWithProviders(<SiteFooter />, { path: '/privacy', flags: allOn });
    expect(quickLinks().getByRole('link', { name: 'Our Story' })).toHaveAttribute('href', '/#brand-story');
    expect(quickLinks().getByRole('link', { name: 'News' })).toHaveAttribute('href', '/insights/news');
    const products = within(screen.getByRole('navigation', { name: 'Products' }));
    expect(products.getAllByRole('link')).toHaveLength(6);
    expect(screen.getByRole('link', { name: 'info@example.com' })).toHaveAttribute('href', 'mailto:info@example.com');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', '/terms');
    expect(
      screen.getByText(`© ${new Date().getFullYear()} Olea & Thyme Imports. All rights reserved.`),
    ).toBeInTheDocument();
  });

  it('links the French policies under /fr on French pages', () => {
    renderWithProviders(<SiteFooter />, { path: '/fr/teams', flags: allOn });
    expect(screen.getByRole('link', { name: 'Politique de confidentialité' })).toHaveAttribute('href', '/fr/privacy');
    expect(screen.getByRole('link', { name: 'Conditions d’utilisation' })).toHaveAttribute('href', '/fr/terms');
    expect(screen.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/teams');
    expect(screen.getByText(/Tous droits réservés/)).toBeInTheDocument();
  });

  const gated: [keyof FlagMap, string[]][] = [
    ['brand_story', ['Our Story']],
    ['products', ['Products']],
    ['services', ['Services']],
    ['contact', ['Contact']],
    ['solutions', ['Solutions']],
    ['insights', ['News', 'Blog']],
    ['teams', ['Teams']],
    ['partnerships', ['Partnerships']],
  ];

  it.each(gated)('hides the %s links while the flag is off', (flag, labels) => {
    const { unmount } = renderWithProviders(<SiteFooter />, { flags: allOn });
    for (const label of labels) expect(quickLinks().getByRole('link', { name: label })).toBeInTheDocument();
    unmount();
    renderWithProviders(<SiteFooter />, { flags: { ...allOn, [flag]: false } });
    for (const label of labels) expect(quickLinks().queryByRole('link', { name: label })).not.toBeInTheDocument();
  });

  it('drops the product links with the products flag, and the language toggle with french_language', () => {
    renderWithProviders(<SiteFooter />, { flags: { products: false, french_language: false } });
    expect(screen.queryByRole('navigation', { name: 'Products' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Français' })).not.toBeInTheDocument();
  });
});
