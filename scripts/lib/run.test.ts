import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mapWithLimit, run, runCaptured } from './run.ts';

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

describe('run and runCaptured', () => {
  it('answer the exit code and, for runCaptured, the output', async () => {
    await expect(run('sh', ['-c', 'exit 0'])).resolves.toBe(0);
    await expect(run('sh', ['-c', 'exit 3'])).resolves.toBe(3);
    await expect(runCaptured('sh', ['-c', 'echo out; echo err >&2; exit 2'])).resolves.toEqual({
      code: 2,
      output: expect.stringMatching(/out\n[\s\S]*err\n/),
    });
  });

  it('end a command when asked to stop, and answer a failure even if it exits cleanly on the signal', async () => {
    const ready = join(mkdtempSync(join(tmpdir(), 'run-')), 'ready');
    const stop = new AbortController();
    // Behind npx, which does not pass a signal on: the sleep must end too.
    const waiting = run('sh', ['-c', 'sleep 30 & wait'], {}, stop.signal);
    // A command that traps the signal and exits 0, as a tool shutting down cleanly would.
    const trapping = runCaptured(
      'sh',
      ['-c', 'trap "exit 0" TERM; echo ready; touch "$READY"; while :; do sleep 0.05; done'],
      { READY: ready },
      stop.signal,
    );
    while (!existsSync(ready)) await new Promise((resolve) => setTimeout(resolve, 20));
    stop.abort();
    await expect(waiting).resolves.toBe(1);
    await expect(trapping).resolves.toEqual({ code: 1, output: expect.stringMatching(/^ready\n/) });
    rmSync(join(ready, '..'), { recursive: true, force: true });
  });
});
