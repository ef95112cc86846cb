/**
 * Decision 002 and the key rules: the built site (every file in the build directory)
 * carries neither the simple-admin password nor the service-role key nor the
 * JWT secret that signs the local backend's tokens.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DEFAULT_SIMPLE_ADMIN_PASSWORD, LOCAL_JWT_SECRET, LOCAL_SERVICE_ROLE_KEY } from '../supabase/local/keys.ts';
import { expect, test } from './support/fixtures.ts';

const buildDir = process.env.E2E_DIST || 'dist';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

const secrets: [string, string][] = [
  ['the default simple-admin password', DEFAULT_SIMPLE_ADMIN_PASSWORD],
  ['the service-role key', LOCAL_SERVICE_ROLE_KEY],
  ['the JWT secret', LOCAL_JWT_SECRET],
  // The service-role key's signature alone would be enough to spot a leak of a variant of it.
  ['the service-role key signature', LOCAL_SERVICE_ROLE_KEY.split('.')[2] ?? LOCAL_SERVICE_ROLE_KEY],
];
if (process.env.SIMPLE_ADMIN_PASSWORD) secrets.push(['SIMPLE_ADMIN_PASSWORD', process.env.SIMPLE_ADMIN_PASSWORD]);

test('the build contains no password or service secret', () => {
  const files = filesUnder(buildDir);
  expect(
    files.some((f) => f.endsWith('.js')),
    `no scripts found in ${buildDir}`,
  ).toBe(true);
  const leaks: string[] = [];
  for (const file of files) {
    const text = readFileSync(file).toString('latin1');
    for (const [label, secret] of secrets) {
      if (text.includes(secret)) leaks.push(`${relative(buildDir, file)} contains ${label}`);
    }
  }
  expect(leaks).toEqual([]);
});
