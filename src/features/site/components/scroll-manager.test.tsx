import { act, fireEvent, screen } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScrollManager } from '@/features/site/components/scroll-manager';
import { InPageLink } from '@/features/site/components/section-link';
import { renderWithProviders } from '@tests/support/render';

/** Longer than the scroll manager keeps looking for a missing target. */
const ANCHOR_RETRIES_MS = 3_000;

function Page({ name }: { name: string }) {
  return (
    <>
      <h1>{name}</h1>
      <InPageLink hash="target">To the target</InPageLink>
      <Link to="/other">Other page</Link>
      <Link to="/home?filter=a">Same page, new query</Link>
      <Link to="/?x=1#later">Home, later section</Link>
      <section id="target" tabIndex={-1}>
        Target
      </section>
    </>
  );
}

function Tree() {
  return (
    <>
      <ScrollManager />
      <Routes>
        <Route path="/" element={<Page name="Home" />} />
        <Route path="/home" element={<Page name="Home again" />} />
        <Route path="/other" element={<Page name="Other" />} />
      </Routes>
      <div id="later" tabIndex={-1} />
    </>
  );
}

describe('scroll manager', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('scrolls smoothly to an in-page anchor 100 ms after the click, then focuses it', () => {
    renderWithProviders(<Tree />, { path: '/' });
    const target = screen.getByText('Target');
    const scrollIntoView = vi.spyOn(target, 'scrollIntoView');
    const link = screen.getByRole('link', { name: 'To the target' });
    expect(link).toHaveAttribute('href', '#target');
    fireEvent.click(link);
    act(() => vi.advanceTimersByTime(99));
    expect(scrollIntoView).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(target).toHaveFocus();
  });

  it('scrolls to a hash that arrives with a route change (home path plus anchor)', () => {
    renderWithProviders(<Tree />, { path: '/other' });
    const later = document.getElementById('later')!;
    const scrollIntoView = vi.spyOn(later, 'scrollIntoView');
    fireEvent.click(screen.getByRole('link', { name: 'Home, later section' }));
    act(() => vi.advanceTimersByTime(100));
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(window.scrollTo).not.toHaveBeenCalled();
  });

  it('scrolls to the top on any other route change, and not on the first render', () => {
    renderWithProviders(<Tree />, { path: '/' });
    expect(window.scrollTo).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('link', { name: 'Other page' }));
    expect(screen.getByRole('heading', { name: 'Other' })).toBeInTheDocument();
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('keeps the position when only the query changes (a filter on the same page)', () => {
    renderWithProviders(<Tree />, { path: '/home' });
    fireEvent.click(screen.getByRole('link', { name: 'Same page, new query' }));
    expect(window.scrollTo).not.toHaveBeenCalled();
  });

  it('without smooth motion when the visitor prefers reduced motion', () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) => ({ matches: true, media: query }) as MediaQueryList,
    );
    renderWithProviders(<Tree />, { path: '/' });
    const target = screen.getByText('Target');
    const scrollIntoView = vi.spyOn(target, 'scrollIntoView');
    fireEvent.click(screen.getByRole('link', { name: 'To the target' }));
    act(() => vi.advanceTimersByTime(100));
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' });
  });

  it.each(['#%', '#%E0%A4%A', '#%zz'])(
    'survives a malformed escape in the hash (%s): the page stays, nothing throws',
    (hash) => {
      renderWithProviders(<Tree />, { path: `/${hash}` });
      act(() => vi.advanceTimersByTime(ANCHOR_RETRIES_MS));
      expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
    },
  );

  it('still scrolls to an escaped id', () => {
    renderWithProviders(<Tree />, { path: '/#tar%67et' });
    const scrollIntoView = vi.spyOn(screen.getByText('Target'), 'scrollIntoView');
    act(() => vi.advanceTimersByTime(100));
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
  });
});
