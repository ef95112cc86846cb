/**
 * The browser build's stand-in for Realtime takes everything supabase-js hands
 * it and refuses a subscription with a message that says why, and nothing in
 * the application asks for one.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RealtimeClient } from './realtime-left-out';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the Realtime stand-in', () => {
  it('takes what supabase-js gives it: the end point, the options and each access token', async () => {
    const realtime = new RealtimeClient('ws://127.0.0.1:54321/realtime/v1', { params: { apikey: 'anon' } });
    await expect(realtime.setAuth('a.token.here')).resolves.toBeUndefined();
    await expect(realtime.setAuth()).resolves.toBeUndefined();
    expect(realtime.getChannels()).toEqual([]);
    await expect(realtime.removeAllChannels()).resolves.toEqual([]);
  });

  it('refuses a channel, naming the decision that left Realtime out', () => {
    expect(() => new RealtimeClient('ws://x').channel('orders')).toThrow(/219-realtime-left-out/);
  });

  it('is never needed: no module of the application opens a Realtime channel', () => {
    const users = sourceFiles(join(process.cwd(), 'src')).filter((file) =>
      /\.(channel|removeChannel|removeAllChannels|getChannels)\(|@supabase\/realtime-js/.test(
        readFileSync(file, 'utf8'),
      ),
    );
    expect(users.map((file) => file.replace(process.cwd(), ''))).toEqual(['/src/lib/supabase/realtime-left-out.ts']);
  });
});
