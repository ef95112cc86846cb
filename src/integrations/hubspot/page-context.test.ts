import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pageContext, trackingAllowed } from './submit-form';

const HUTK = '5f3c0ffee0123456789abcdef0123456';

beforeEach(() => {
  document.cookie = `hubspotutk=${HUTK}; path=/`;
  document.title = 'Olea & Thyme Imports';
});

afterEach(() => {
  document.cookie = 'hubspotutk=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  window.localStorage.clear();
});

describe('the HubSpot tracking token follows the cookie banner', () => {
  it('is sent once the visitor accepted cookies', () => {
    window.localStorage.setItem('cookie-consent', 'accepted');
    expect(pageContext()).toEqual({ pageUri: window.location.href, pageName: 'Olea & Thyme Imports', hutk: HUTK });
  });

  it.each([['declined'], [null]])('is not sent when the answer is %s', (answer) => {
    if (answer) window.localStorage.setItem('cookie-consent', answer);
    expect(pageContext()).toEqual({ pageUri: window.location.href, pageName: 'Olea & Thyme Imports' });
  });

  it('counts unreadable storage as no', () => {
    const throwing = {
      getItem: () => {
        throw new Error('blocked');
      },
    };
    expect(trackingAllowed(throwing)).toBe(false);
    expect(trackingAllowed(undefined)).toBe(false);
  });
});
