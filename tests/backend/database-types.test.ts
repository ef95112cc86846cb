/**
 * src/lib/supabase/database.types.ts is generated from the migrations; a
 * migration merged without regenerating it fails here, so the app's types
 * never drift from the schema RLS and the Data API really use.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { DATABASE_TYPES_PATH, generateDatabaseTypes } from '../../scripts/lib/database-types.ts';
import { REPO_ROOT } from '../../supabase/local/db.ts';

it('the committed database types are what the migrations generate', async () => {
  const committed = readFileSync(join(REPO_ROOT, DATABASE_TYPES_PATH), 'utf8');
  const generated = await generateDatabaseTypes();
  expect(committed, `${DATABASE_TYPES_PATH} does not match the migrations: run npm run db:types`).toBe(generated);
  // It boots a database and applies every migration, like a backend suite's
  // beforeAll (whose limit this matches): on a busy 2-core machine that alone
  // has taken 40 s.
}, 120_000);
