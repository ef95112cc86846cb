/**
 * What runs `deliver-outbox` locally, where PGlite has neither pg_net (the
 * Database Webhook) nor pg_cron (the retry schedule)
 * (docs/decisions/115-mail-outbox-and-delivery.md):
 *   - the webhook: a trigger on the outbox sends NOTIFY email_outbox after
 *     each insert; on it, the runner calls the function;
 *   - the schedule: every `intervalMs`, the runner calls the function, which
 *     sends the rows whose next attempt is due.
 * Calls go through HTTP, with the service-role key, as pg_net's would. Runs
 * never overlap: a notification during a run asks for one more run after it.
 *
 * The same runner, without the webhook, calls `deliver-leads` on a timer, as
 * pg_cron does in production
 * (docs/decisions/188-leads-delivered-by-the-server-when-the-tab-closes.md).
 */
import { LOCAL_SERVICE_ROLE_KEY } from './keys.ts';
import type { LocalDatabase } from './db.ts';

export interface OutboxRunnerOptions {
  db: LocalDatabase;
  /** The backend's URL (the function is at /functions/v1/<functionName>). */
  url: string;
  /** The function to call; default deliver-outbox. */
  functionName?: string;
  /** Call the function after every outbox insert (NOTIFY email_outbox). */
  webhook: boolean;
  /** Call it every intervalMs; null: never. */
  intervalMs: number | null;
  logError: (line: string) => void;
}

export interface OutboxRunner {
  stop(): Promise<void>;
}

export async function startOutboxRunner(options: OutboxRunnerOptions): Promise<OutboxRunner> {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const name = options.functionName ?? 'deliver-outbox';
  const runOnce = async () => {
    try {
      const response = await fetch(`${options.url}/functions/v1/${name}`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`,
          'Content-Type': 'application/json',
          'x-local-unlogged': '1',
        },
        body: '{}',
      });
      const body = await response.text();
      if (!response.ok && !stopped) options.logError(`${name} answered ${response.status}: ${body}`);
    } catch (error) {
      if (!stopped) options.logError(`${name} could not be called: ${String(error)}`);
    }
  };

  const trigger = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await runOnce();
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
  };

  const unlisten = options.webhook ? await options.db.listen('email_outbox', trigger) : null;
  const timer = options.intervalMs === null ? null : setInterval(trigger, options.intervalMs);
  timer?.unref();

  return {
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
      await unlisten?.();
    },
  };
}
