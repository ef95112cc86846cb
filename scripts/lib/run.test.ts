import { describe, expect, it } from 'vitest';
import { mapWithLimit } from './run.ts';

/** A promise the test settles itself. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('mapWithLimit', () => {
  it('runs at most `limit` at once, starts them in order, and returns results in order', async () => {
    const gates = ['a', 'b', 'c', 'd'].map((name) => ({ name, ...deferred<string>() }));
    const started: string[] = [];
    const all = mapWithLimit(gates, 2, (gate) => {
      started.push(gate.name);
      return gate.promise;
    });
    await settle();
    expect(started).toEqual(['a', 'b']);
    gates[1]!.resolve('B');
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    gates[0]!.resolve('A');
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    gates[3]!.resolve('D');
    gates[2]!.resolve('C');
    await expect(all).resolves.toEqual(['A', 'B', 'C', 'D']);
  });

  it('runs everything when the limit is above the count, and nothing for no items', async () => {
    await expect(mapWithLimit([1, 2], 8, async (n) => n * 10)).resolves.toEqual([10, 20]);
    await expect(mapWithLimit([], 2, async (n: number) => n)).resolves.toEqual([]);
  });
});
