import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { footerNavigation } from '@/config/navigation';
import { SiteFooter } from '@/features/site/components/site-footer';
import { en } from '@/i18n/messages/en';
import type { FlagMap, FlagName } from '@/lib/flags/defaults';
import { renderWithProviders } from '@tests/support/render';

// The declared quick links (src/config/navigation.ts and the route table's rows).
const declared = footerNavigation();
const flags = [...new Set(declared.flatMap((item) => (item.flag ? [item.flag] : [])))];
const allOn: Partial<FlagMap> = Object.fromEntries(flags.map((flag) => [flag, true]));
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

  const gated: [FlagName, string[]][] = flags.map((flag) => [
    flag,
    declared.filter((item) => item.flag === flag).map((item) => en.site.nav[item.label]),
  ]);

  it('lists the quick links in their declared order, which keeps the agreed order, Home first', () => {
    renderWithProviders(<SiteFooter />, { flags: allOn });
    const names = quickLinks()
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual(declared.map((item) => en.site.nav[item.label]));
    // A new link may go anywhere; these keep their places relative to each other.
    const agreed = ['Home', 'Our Story', 'Products', 'Services', 'Solutions', 'News', 'Blog', 'Teams', 'Partnerships'];
    expect(names.filter((name) => agreed.includes(name ?? ''))).toEqual(agreed);
    expect(names.at(-1)).toBe('Contact');
  });

  it('shows only the links without a flag while the flags are still loading on a client-rendered page', () => {
    renderWithProviders(<SiteFooter />);
    expect(
      quickLinks()
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(declared.filter((item) => !item.flag).map((item) => en.site.nav[item.label]));
  });

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
