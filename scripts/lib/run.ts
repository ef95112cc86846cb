import { spawn, type ChildProcess } from 'node:child_process';

/**
 * Ends the child's whole process group (it leads one: spawned `detached`
 * when there is a `stop`) when `stop` aborts; answers the exit code to report
 * once the child has ended: 1 at least when it was stopped or killed.
 */
function endOnStop(child: ChildProcess, stop?: AbortSignal) {
  const end = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  };
  stop?.addEventListener('abort', end, { once: true });
  return (code: number | null, signal: NodeJS.Signals | null) => {
    stop?.removeEventListener('abort', end);
    return code || (signal || stop?.aborted ? 1 : 0);
  };
}

/**
 * Runs a command with inherited output; resolves with its exit code. With a
 * `stop` signal the command gets a process group of its own, and when `stop`
 * aborts the whole group is sent SIGTERM (npx does not pass a signal on to
 * the tool it runs, so ending npx alone would leave the tool running); the
 * exit code is then 1 at least.
 */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}, stop?: AbortSignal): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env }, detached: !!stop });
    const exitCode = endOnStop(child, stop);
    child.on('exit', (code, signal) => resolve(exitCode(code, signal)));
    child.on('error', () => resolve(1));
  });
}

/** Runs a command with its output (stdout and stderr, in order) kept for the caller to print; `stop` as for `run`. */
export function runCaptured(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  stop?: AbortSignal,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
      detached: !!stop,
    });
    const exitCode = endOnStop(child, stop);
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    const output = () => Buffer.concat(chunks).toString('utf8');
    child.on('close', (code, signal) => resolve({ code: exitCode(code, signal), output: output() }));
    child.on('error', (error) => resolve({ code: 1, output: `${output()}${error.message}\n` }));
  });
}

/**
 * `work` on each item, at most `limit` at a time, started in the items'
 * order; resolves with the results in that order.
 */
export async function mapWithLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  return results;
}
