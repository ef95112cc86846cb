import { afterEach, describe, expect, it } from 'vitest';
import { installHistoryGuard, setHistoryGuard } from './history-guard';

const removals: (() => void)[] = [];
afterEach(() => removals.splice(0).forEach((remove) => remove()));

/** A Back or Forward as the browser reports it, heard by a listener added after the guard (as the router's is). */
function popAfterInstall(): boolean {
  let heard = false;
  const router = () => (heard = true);
  window.addEventListener('popstate', router);
  window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  window.removeEventListener('popstate', router);
  return heard;
}

describe('history guard', () => {
  installHistoryGuard();
  // Installing twice adds no second listener.
  installHistoryGuard();

  it('lets every Back reach the router while no page has a guard', () => {
    expect(popAfterInstall()).toBe(true);
  });

  it('hides a Back from the router when the guard says no, and lets it through when it says yes', () => {
    let allow = false;
    let asked = 0;
    removals.push(
      setHistoryGuard(() => {
        asked += 1;
        return allow;
      }),
    );
    expect(popAfterInstall()).toBe(false);
    allow = true;
    expect(popAfterInstall()).toBe(true);
    expect(asked).toBe(2);
  });

  it('forgets a guard once it is removed, but not a newer one', () => {
    const removeFirst = setHistoryGuard(() => false);
    const removeSecond = setHistoryGuard(() => false);
    removeFirst();
    expect(popAfterInstall()).toBe(false);
    removeSecond();
    expect(popAfterInstall()).toBe(true);
  });
});
