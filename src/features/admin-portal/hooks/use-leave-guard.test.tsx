import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, Link, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLeaveGuard } from './use-leave-guard';

function Editor({ dirty }: { dirty: boolean }) {
  useLeaveGuard(dirty, 'Leave this page?');
  const [text, setText] = useState('');
  return (
    <>
      <label>
        Title <input value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <Link to="/list">All content</Link>
      <Link to="/editor#body">Jump to the body</Link>
      <a href="https://example.com/help" target="_blank" rel="noreferrer">
        Help
      </a>
    </>
  );
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderEditor(dirty: boolean) {
  // The guard compares a link with the browser's address, which the app's browser router keeps in step.
  window.history.replaceState(null, '', '/editor');
  return render(
    <MemoryRouter initialEntries={['/editor']}>
      <Routes>
        <Route path="/editor" element={<Editor dirty={dirty} />} />
        <Route path="/list" element={<p>The list</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('useLeaveGuard', () => {
  it('asks before an in-app link leaves unsaved work, and stays with what was typed when the answer is no', () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderEditor(true);
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Harvest notes' } });
    fireEvent.click(screen.getByRole('link', { name: 'All content' }));
    expect(confirm).toHaveBeenCalledWith('Leave this page?');
    expect(screen.getByTestId('where')).toHaveTextContent('/editor');
    expect(screen.getByLabelText('Title')).toHaveValue('Harvest notes');
  });

  it('leaves when the answer is yes', () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderEditor(true);
    fireEvent.click(screen.getByRole('link', { name: 'All content' }));
    expect(screen.getByText('The list')).toBeInTheDocument();
  });

  it('does not ask with nothing unsaved, for an anchor on the same page, or for a link opening a new tab', () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { unmount } = renderEditor(true);
    fireEvent.click(screen.getByRole('link', { name: 'Jump to the body' }));
    fireEvent.click(screen.getByRole('link', { name: 'Help' }));
    expect(confirm).not.toHaveBeenCalled();
    unmount();

    renderEditor(false);
    fireEvent.click(screen.getByRole('link', { name: 'All content' }));
    expect(confirm).not.toHaveBeenCalled();
    expect(screen.getByText('The list')).toBeInTheDocument();
  });

  it('makes the browser ask before the tab closes or reloads, only while work is unsaved', () => {
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    const { rerender } = render(<Guard dirty />);
    expect(leave()).toBe(true);
    rerender(<Guard dirty={false} />);
    expect(leave()).toBe(false);
  });
});

function Guard({ dirty }: { dirty: boolean }) {
  useLeaveGuard(dirty, 'Leave this page?');
  return null;
}
