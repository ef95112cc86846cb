import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

/** A backend with one row that answers each read only when told to, as a slow network would. */
function slowBackend() {
  let stored = 'before the write';
  const pending: (() => void)[] = [];
  return {
    write: (value: string) => {
      stored = value;
    },
    read: () =>
      new Promise<string>((resolve) => {
        const answer = stored; // read when the request reaches the server
        pending.push(() => resolve(answer));
      }),
    answerAll: () => pending.splice(0).forEach((answer) => answer()),
    waiting: () => pending.length,
  };
}

/** A client from createQueryClient with one mounted query of the slow backend, and the data it has shown. */
function watchHistory() {
  const client = createQueryClient();
  const backend = slowBackend();
  const observer = new QueryObserver(client, { queryKey: ['history'], queryFn: backend.read });
  const seen: (string | undefined)[] = [];
  const unsubscribe = observer.subscribe((result) => seen.push(result.data));
  return { client, backend, observer, seen, unsubscribe };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createQueryClient', () => {
  it('an invalidation after a write reads again even while the first load is still on its way', async () => {
    const { client, backend, seen, unsubscribe } = watchHistory();

    expect(backend.waiting()).toBe(1); // the first load left before the write
    backend.write('after the write');
    const invalidated = client.invalidateQueries({ queryKey: ['history'] });
    expect(backend.waiting()).toBe(2); // a second read, sent after the write
    backend.answerAll();
    await invalidated;
    await settle();

    expect(client.getQueryData(['history'])).toBe('after the write');
    expect(seen).not.toContain('before the write');
    unsubscribe();
  });

  it('leaves a first load alone when the invalidation will not refetch it', async () => {
    const { client, backend, unsubscribe } = watchHistory();

    await client.invalidateQueries({ queryKey: ['history'], refetchType: 'none' });
    await client.invalidateQueries({ queryKey: ['history'], refetchType: 'inactive' });
    expect(backend.waiting()).toBe(1);
    backend.answerAll();
    await settle();
    expect(client.getQueryData(['history'])).toBe('before the write');
    unsubscribe();
  });

  it('a refetch of a query that has data still cancels the older read, as TanStack does', async () => {
    const { client, backend, observer, unsubscribe } = watchHistory();
    backend.answerAll();
    await settle();
    void observer.refetch();
    backend.write('after the write');
    const invalidated = client.invalidateQueries({ queryKey: ['history'] });
    backend.answerAll();
    await invalidated;
    await settle();
    expect(client.getQueryData(['history'])).toBe('after the write');
    unsubscribe();
  });
});
