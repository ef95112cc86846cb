import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { headerButtons, headerNavigation, type NavDef } from '@/config/navigation';
import { SiteHeader } from '@/features/site/components/site-header';
import { en } from '@/i18n/messages/en';
import type { FlagMap, FlagName } from '@/lib/flags/defaults';
import { renderWithProviders } from '@tests/support/render';

// The declared navigation (src/config/navigation.ts and the route table's rows), every flag on.
const declared = headerNavigation();
const links = declared.flatMap((item) => (item.kind === 'group' ? [] : [item]));
const groups = declared.flatMap((item) => (item.kind === 'group' ? [item] : []));
const flagsOf = (item: NavDef): FlagName[] =>
  item.kind === 'group' ? item.children.flatMap(flagsOf) : item.flag ? [item.flag] : [];
const allOn: Partial<FlagMap> = Object.fromEntries(
  [...declared, ...headerButtons()].flatMap(flagsOf).map((flag) => [flag, true]),
);

function desktopNav() {
  // Both navs carry the same name; the desktop one is always in the DOM, the mobile one only while open.
  return screen.getAllByRole('navigation', { name: /^(Main|Principale)$/ })[0]!;
}

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('navigation bar: solid after 10 px', () => {
  it('is transparent at the top and up to 10 px, solid white beyond', () => {
    scrollTo(0);
    renderWithProviders(<SiteHeader />, { flags: {} });
    const header = screen.getByRole('banner');
    expect(header).toHaveAttribute('data-solid', 'false');
    expect(header).toHaveClass('bg-transparent');
    scrollTo(10);
    expect(header).toHaveAttribute('data-solid', 'false');
    scrollTo(11);
    expect(header).toHaveAttribute('data-solid', 'true');
    expect(header).toHaveClass('bg-white');
    scrollTo(3);
    expect(header).toHaveAttribute('data-solid', 'false');
  });

  it('is solid when the page loads already scrolled', () => {
    scrollTo(400);
    renderWithProviders(<SiteHeader />, { flags: {} });
    expect(screen.getByRole('banner')).toHaveAttribute('data-solid', 'true');
    scrollTo(0);
  });
});

describe('navigation links behind their flags', () => {
  const cases: [FlagName, string][] = links.flatMap((item) =>
    item.flag ? [[item.flag, en.site.nav[item.label]]] : [],
  );

  it.each(cases)('shows the %s link only while its flag is on', (flag, label) => {
    const { unmount } = renderWithProviders(<SiteHeader />, { flags: { ...allOn, [flag]: true } });
    expect(within(desktopNav()).getByRole('link', { name: label })).toBeInTheDocument();
    unmount();
    renderWithProviders(<SiteHeader />, { flags: { ...allOn, [flag]: false } });
    expect(within(desktopNav()).queryByRole('link', { name: label })).not.toBeInTheDocument();
  });

  it.each(groups.map((group) => [en.site.nav[group.label], group] as const))(
    'shows the %s dropdown only while one of its links’ flags is on',
    (label, group) => {
      const { unmount } = renderWithProviders(<SiteHeader />, { flags: allOn });
      expect(within(desktopNav()).getByRole('button', { name: label })).toBeInTheDocument();
      unmount();
      const off = Object.fromEntries(flagsOf(group).map((flag) => [flag, false]));
      renderWithProviders(<SiteHeader />, { flags: { ...allOn, ...off } });
      expect(within(desktopNav()).queryByRole('button', { name: label })).not.toBeInTheDocument();
    },
  );

  it('shows the Client Portal button, to the sign-in page of the page’s language, only while client_portal is on', () => {
    const { unmount } = renderWithProviders(<SiteHeader />, { path: '/fr', flags: {} });
    expect(screen.getByRole('link', { name: 'Portail client' })).toHaveAttribute('href', '/fr/client/login');
    unmount();
    renderWithProviders(<SiteHeader />, { flags: { client_portal: false } });
    expect(screen.queryByRole('link', { name: 'Client Portal' })).not.toBeInTheDocument();
  });

  it('shows the language switch only while french_language is on', () => {
    const { unmount } = renderWithProviders(<SiteHeader />, { flags: {} });
    expect(screen.getByRole('link', { name: 'Français' })).toBeInTheDocument();
    unmount();
    renderWithProviders(<SiteHeader />, { flags: { french_language: false } });
    expect(screen.queryByRole('link', { name: 'Français' })).not.toBeInTheDocument();
  });

  it('keeps the links in their declared order, which keeps the agreed order of docs/product-rules.md, Home first', () => {
    renderWithProviders(<SiteHeader />, { flags: allOn });
    const names = within(desktopNav())
      .getAllByRole('listitem')
      .map((item) => item.querySelector('a,button')?.textContent);
    expect(names).toEqual(declared.map((item) => en.site.nav[item.label]));
    // A new link may go anywhere; these keep their places relative to each other.
    const agreed = ['Home', 'Our Story', 'Products', 'Solutions', 'Insights', 'Teams', 'Partnerships', 'Services'];
    expect(names.filter((name) => agreed.includes(name ?? ''))).toEqual(agreed);
    expect(names.at(-1)).toBe('Contact');
  });

  it('shows no flag-gated link while the flags are still loading on a client-rendered page', () => {
    renderWithProviders(<SiteHeader />);
    expect(within(desktopNav()).queryAllByRole('link')).toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'Client Portal' })).not.toBeInTheDocument();
  });
});

describe('section links and page links', () => {
  it('are in-page anchors on the home page', () => {
    renderWithProviders(<SiteHeader />, { path: '/', flags: allOn });
    const nav = within(desktopNav());
    expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '#home');
    expect(nav.getByRole('link', { name: 'Our Story' })).toHaveAttribute('href', '#brand-story');
    expect(nav.getByRole('link', { name: 'Products' })).toHaveAttribute('href', '#products');
    expect(nav.getByRole('link', { name: 'Services' })).toHaveAttribute('href', '#services');
    expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '#contact');
    expect(nav.getByRole('link', { name: 'Teams' })).toHaveAttribute('href', '/teams');
  });

  it('go to the home path plus the anchor elsewhere, in the page’s language', () => {
    renderWithProviders(<SiteHeader />, { path: '/fr/privacy', flags: allOn });
    const nav = within(desktopNav());
    expect(nav.getByRole('link', { name: 'Accueil' })).toHaveAttribute('href', '/fr#home');
    expect(nav.getByRole('link', { name: 'Notre histoire' })).toHaveAttribute('href', '/fr#brand-story');
    expect(nav.getByRole('link', { name: 'Nous joindre' })).toHaveAttribute('href', '/fr#contact');
    expect(nav.getByRole('link', { name: 'Solutions' })).toHaveAttribute('href', '/fr/solutions');
  });

  it('switch language to the same page, keeping query and hash', () => {
    const { unmount } = renderWithProviders(<SiteHeader />, {
      path: '/insights/news?category=trade#top',
      flags: allOn,
    });
    const toFrench = screen.getByRole('link', { name: 'Français' });
    expect(toFrench).toHaveAttribute('href', '/fr/insights/news?category=trade#top');
    expect(toFrench).toHaveAttribute('lang', 'fr-CA');
    unmount();
    renderWithProviders(<SiteHeader />, { path: '/fr?x=1#contact', flags: allOn });
    expect(screen.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/?x=1#contact');
  });
});

describe('insights dropdown (desktop)', () => {
  it('opens and closes with the button, offering News and Blog in the page’s language', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SiteHeader />, { path: '/fr', flags: allOn });
    const button = within(desktopNav()).getByRole('button', { name: 'Perspectives' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Actualités' })).toHaveAttribute('href', '/fr/insights/news');
    expect(screen.getByRole('link', { name: 'Blogue' })).toHaveAttribute('href', '/fr/insights/blog');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Actualités' })).not.toBeInTheDocument();
  });

  it('is operable by keyboard: arrows move through it, Escape closes it and returns focus', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SiteHeader />, { flags: allOn });
    const button = within(desktopNav()).getByRole('button', { name: 'Insights' });
    button.focus();
    await user.keyboard('{ArrowDown}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'News' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'Blog' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'News' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('closes when focus leaves it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SiteHeader />, { flags: allOn });
    const button = within(desktopNav()).getByRole('button', { name: 'Insights' });
    await user.click(button);
    await user.tab();
    await user.tab();
    await user.tab();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('mobile menu', () => {
  it('opens, shows every link and a collapsible insights submenu, and returns focus on Escape', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SiteHeader />, { path: '/fr', flags: allOn });
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getAllByRole('navigation', { name: 'Principale' })[1]!;
    expect(within(menu).getByRole('link', { name: 'Équipes' })).toHaveAttribute('href', '/fr/teams');
    expect(within(menu).getByRole('link', { name: 'Portail client' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'English' })).toBeInTheDocument();

    const insights = within(menu).getByRole('button', { name: 'Perspectives' });
    expect(insights).toHaveAttribute('aria-expanded', 'false');
    expect(within(menu).queryByRole('link', { name: 'Actualités' })).not.toBeInTheDocument();
    await user.click(insights);
    expect(insights).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByRole('link', { name: 'Actualités' })).toBeVisible();

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    expect(screen.getAllByRole('navigation', { name: 'Principale' })).toHaveLength(1);
  });

  it('closes when a link is followed', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SiteHeader />, { path: '/privacy', flags: allOn });
    const toggle = screen.getByRole('button', { name: 'Menu' });
    await user.click(toggle);
    const menu = screen.getAllByRole('navigation', { name: 'Main' })[1]!;
    fireEvent.click(within(menu).getByRole('link', { name: 'Teams' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
