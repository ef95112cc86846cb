import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { forgetPrivateQueries, isPrivateQuery } from './private-queries';

describe('isPrivateQuery', () => {
  it('holds every query but the public site’s flags and published content', () => {
    expect(isPrivateQuery(['client-portal', 'documents'])).toBe(true);
    expect(isPrivateQuery(['session', 'role', 'u'])).toBe(true);
    expect(isPrivateQuery(['admin', 'analytics', 'dashboard'])).toBe(true);
    expect(isPrivateQuery(['client-orders', 'list'])).toBe(true);
    expect(isPrivateQuery(['feature-flags', 'list'])).toBe(false);
    expect(isPrivateQuery(['page-content', '/'])).toBe(false);
    expect(isPrivateQuery(['content', 'still-published', 'en', 'a'])).toBe(false);
  });
});

describe('forgetPrivateQueries', () => {
  it('leaves nothing of the account in the cache and keeps the public reads', () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(['client-portal', 'documents'], [{ title: 'Organic certificate 2026' }]);
    queryClient.setQueryData(['conversations', 'list'], [{ subject: 'Hello' }]);
    queryClient.setQueryData(['feature-flags', 'list'], []);
    forgetPrivateQueries(queryClient);
    expect(queryClient.getQueryData(['client-portal', 'documents'])).toBeUndefined();
    expect(queryClient.getQueryData(['conversations', 'list'])).toBeUndefined();
    expect(queryClient.getQueryData(['feature-flags', 'list'])).toEqual([]);
  });
});
