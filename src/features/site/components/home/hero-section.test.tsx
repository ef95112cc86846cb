import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HeroSection } from '@/features/site/components/home/hero-section';
import { renderWithProviders } from '@tests/support/render';

const keyword = () => screen.getByTestId('hero-keyword');

function mockReducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: reduce && query.includes('prefers-reduced-motion'),
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('hero keyword rotation', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fades out every 2500 ms and shows the next keyword 500 ms later, cycling', () => {
    mockReducedMotion(false);
    renderWithProviders(<HeroSection />, { flags: {} });
    expect(keyword()).toHaveTextContent('Import');
    expect(keyword()).toHaveAttribute('data-fading', 'false');

    advance(2499);
    expect(keyword()).toHaveAttribute('data-fading', 'false');
    advance(1);
    expect(keyword()).toHaveTextContent('Import');
    expect(keyword()).toHaveAttribute('data-fading', 'true');
    expect(screen.getByTestId('hero-keyword-veil')).toHaveClass('opacity-100');

    advance(499);
    expect(keyword()).toHaveTextContent('Import');
    advance(1);
    expect(keyword()).toHaveTextContent('Launch');
    expect(keyword()).toHaveAttribute('data-fading', 'false');
    expect(screen.getByTestId('hero-keyword-veil')).toHaveClass('opacity-0');

    advance(2500);
    expect(keyword()).toHaveTextContent('Grow');
    advance(2500);
    expect(keyword()).toHaveTextContent('Scale');
    advance(2500);
    expect(keyword()).toHaveTextContent('Import');
  });

  it('rotates the French keywords on French pages', () => {
    mockReducedMotion(false);
    renderWithProviders(<HeroSection />, { path: '/fr', flags: {} });
    const seen = [keyword().textContent];
    advance(3000);
    seen.push(keyword().textContent);
    for (let i = 0; i < 2; i += 1) {
      advance(2500);
      seen.push(keyword().textContent);
    }
    expect(seen).toEqual(['Importer', 'Lancer', 'Développer', 'Étendre']);
  });

  it('with reduced motion, changes the keyword every 2500 ms without fading', () => {
    mockReducedMotion(true);
    renderWithProviders(<HeroSection />, { flags: {} });
    advance(2500);
    expect(keyword()).toHaveTextContent('Launch');
    expect(keyword()).toHaveAttribute('data-fading', 'false');
    advance(250);
    expect(keyword()).toHaveAttribute('data-fading', 'false');
    advance(2250);
    expect(keyword()).toHaveTextContent('Grow');
  });

  it('keeps the first keyword, still, while rotating_keywords is off (decision 003)', () => {
    mockReducedMotion(false);
    renderWithProviders(<HeroSection />, { flags: { rotating_keywords: false } });
    advance(20_000);
    expect(keyword()).toHaveTextContent('Import');
    expect(keyword()).toHaveAttribute('data-fading', 'false');
    expect(screen.queryByRole('button', { name: /pause/i })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveAccessibleName(
      'Import your Mediterranean brand across North America',
    );
  });

  it('can be paused and played again by the visitor (WCAG 2.2.2)', () => {
    mockReducedMotion(false);
    renderWithProviders(<HeroSection />, { flags: {} });
    fireEvent.click(screen.getByRole('button', { name: 'Pause the changing word' }));
    advance(10_000);
    expect(keyword()).toHaveTextContent('Import');
    fireEvent.click(screen.getByRole('button', { name: 'Play the changing word' }));
    advance(3000);
    expect(keyword()).toHaveTextContent('Launch');
  });

  it('gives screen readers one stable headline while the word rotates', () => {
    mockReducedMotion(false);
    renderWithProviders(<HeroSection />, { flags: {} });
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveAccessibleName(
      'Import, launch, grow and scale your Mediterranean brand across North America',
    );
    advance(3000);
    expect(heading).toHaveAccessibleName(
      'Import, launch, grow and scale your Mediterranean brand across North America',
    );
  });

  it('links its buttons to #products and #brand-story, each only while its section exists', () => {
    mockReducedMotion(false);
    const { unmount } = renderWithProviders(<HeroSection />, { flags: {} });
    expect(screen.getByRole('link', { name: /explore our products/i })).toHaveAttribute('href', '#products');
    expect(screen.getByRole('link', { name: /read our story/i })).toHaveAttribute('href', '#brand-story');
    unmount();
    renderWithProviders(<HeroSection />, { flags: { products: false, brand_story: false } });
    expect(screen.queryByRole('link', { name: /explore our products/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /read our story/i })).not.toBeInTheDocument();
  });
});
