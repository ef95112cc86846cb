import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { atFirstStep, firstStepLockDir } from './sign-in-lock.ts';

const address = (name: string) => `${name}-${process.pid}@example.com`;

describe('atFirstStep', () => {
  it('lets a second sign-in of the same account start only once the first has let go', async () => {
    const email = address('turns');
    const events: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered = () => {};
    const firstIn = new Promise<void>((resolve) => (entered = resolve));
    const first = atFirstStep(email, async () => {
      events.push('first in');
      entered();
      await held;
      events.push('first out');
    });
    await firstIn;
    const second = atFirstStep(email, async () => {
      events.push('second in');
    });
    // Another account is not held up meanwhile.
    await atFirstStep(address('other'), async () => {
      events.push('other account');
    });
    release();
    await Promise.all([first, second]);
    expect(events).toEqual(['first in', 'other account', 'first out', 'second in']);
    expect(existsSync(firstStepLockDir(email))).toBe(false);
  });

  it('lets go when the steps fail', async () => {
    const email = address('fails');
    await expect(
      atFirstStep(email, async () => {
        throw new Error('wrong code');
      }),
    ).rejects.toThrow('wrong code');
    expect(existsSync(firstStepLockDir(email))).toBe(false);
    await expect(atFirstStep(email, async () => 'signed in')).resolves.toBe('signed in');
  });

  it('takes over a lock whose holder has died', async () => {
    const email = address('stale');
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    const dir = firstStepLockDir(email);
    mkdirSync(dir);
    writeFileSync(join(dir, 'holder.json'), JSON.stringify({ pid: dead, since: Date.now() }));
    await expect(atFirstStep(email, async () => 'signed in')).resolves.toBe('signed in');
    expect(existsSync(dir)).toBe(false);
  });
});
