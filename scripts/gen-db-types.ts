/**
 * `npm run db:types`: regenerates src/lib/supabase/database.types.ts from the
 * migrations (applied to a throwaway in-memory database). Run it after adding
 * a migration; tests/backend/database-types.test.ts fails until you do.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO_ROOT } from '../supabase/local/db.ts';
import { DATABASE_TYPES_PATH, generateDatabaseTypes } from './lib/database-types.ts';

const target = join(REPO_ROOT, DATABASE_TYPES_PATH);
const generated = await generateDatabaseTypes();
const current = await readFile(target, 'utf8').catch(() => null);
if (current === generated) {
  console.info(`${DATABASE_TYPES_PATH} is up to date.`);
} else {
  await writeFile(target, generated);
  console.info(`Wrote ${DATABASE_TYPES_PATH}.`);
}
