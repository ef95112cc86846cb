import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CookieBanner } from '@/features/site/components/cookie-banner';
import { renderWithProviders } from '@tests/support/render';

const banner = () => screen.queryByRole('region', { name: /we value your privacy|votre vie privée/i });
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('cookie banner', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('appears 1000 ms after load when no answer is stored', () => {
    renderWithProviders(<CookieBanner />, { flags: {} });
    expect(banner()).not.toBeInTheDocument();
    advance(999);
    expect(banner()).not.toBeInTheDocument();
    advance(1);
    expect(banner()).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read our privacy policy' })).toHaveAttribute('href', '/privacy');
  });

  it('stores "accepted" on Accept, hides, and never comes back', () => {
    const { unmount } = renderWithProviders(<CookieBanner />, { flags: {} });
    advance(1000);
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(localStorage.getItem('cookie-consent')).toBe('accepted');
    expect(banner()).not.toBeInTheDocument();
    unmount();

    renderWithProviders(<CookieBanner />, { flags: {} });
    advance(5000);
    expect(banner()).not.toBeInTheDocument();
  });

  it('stores "declined" on Decline, and stays away on the next visit', () => {
    const { unmount } = renderWithProviders(<CookieBanner />, { flags: {} });
    advance(1000);
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(localStorage.getItem('cookie-consent')).toBe('declined');
    expect(banner()).not.toBeInTheDocument();
    unmount();

    renderWithProviders(<CookieBanner />, { flags: {} });
    advance(5000);
    expect(banner()).not.toBeInTheDocument();
  });

  it('speaks French on French pages and links to the French policy', () => {
    renderWithProviders(<CookieBanner />, { path: '/fr/privacy', flags: {} });
    advance(1000);
    expect(banner()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accepter' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refuser' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lire notre politique de confidentialité' })).toHaveAttribute(
      'href',
      '/fr/privacy',
    );
  });

  it('never shows while cookie_consent is off (decision 003)', () => {
    renderWithProviders(<CookieBanner />, { flags: { cookie_consent: false } });
    advance(5000);
    expect(banner()).not.toBeInTheDocument();
  });

  it('still works when the browser refuses storage', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    renderWithProviders(<CookieBanner />, { flags: {} });
    advance(1000);
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(banner()).not.toBeInTheDocument();
  });
});
