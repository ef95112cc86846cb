import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { BrowserRouter, MemoryRouter, Link, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installHistoryGuard } from '@/lib/navigation/history-guard';
import { useLeaveGuard } from './use-leave-guard';

function Editor({ dirty, onLogout = () => undefined }: { dirty: boolean; onLogout?: () => void }) {
  useLeaveGuard(dirty, 'Leave this page?');
  const [text, setText] = useState('');
  return (
    <>
      <button type="button" onClick={onLogout} data-leaves-page>
        Logout
      </button>
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

  it('asks before Logout with unsaved work, and neither signs out nor loses the text when the answer is no', () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const onLogout = vi.fn();
    window.history.replaceState(null, '', '/editor');
    render(
      <MemoryRouter>
        <Editor dirty onLogout={onLogout} />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Harvest notes' } });
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(confirm).toHaveBeenCalledWith('Leave this page?');
    expect(onLogout).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Title')).toHaveValue('Harvest notes');

    confirm.mockReturnValue(true);
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
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

  it('asks when the browser goes Back, and stays on the page with what was typed when the answer is no', async () => {
    // As the application does at startup, before its router listens to the history.
    installHistoryGuard();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    window.history.replaceState(null, '', '/list');
    render(
      <BrowserRouter>
        <Routes>
          <Route path="/editor" element={<Editor dirty />} />
          <Route path="/list" element={<Link to="/editor">Write</Link>} />
        </Routes>
        <Where />
      </BrowserRouter>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Write' }));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Harvest notes' } });

    act(() => window.history.back());
    await waitFor(() => expect(confirm).toHaveBeenCalledWith('Leave this page?'));
    // The refused Back is undone: the address is the editor's again, and the page never left it.
    await waitFor(() => expect(window.location.pathname).toBe('/editor'));
    expect(screen.getByTestId('where')).toHaveTextContent('/editor');
    expect(screen.getByLabelText('Title')).toHaveValue('Harvest notes');
    expect(confirm).toHaveBeenCalledTimes(1);

    confirm.mockReturnValue(true);
    act(() => window.history.back());
    expect(await screen.findByRole('link', { name: 'Write' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/list');
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
