/**
 * `npm run db:reset`: wipes the persisted local database (`.local/db`) and
 * its Storage files (`.local/db-storage`), so the next start applies every
 * migration and the seed again, with no objects.
 */
import { existsSync, rmSync } from 'node:fs';
import { lockHolder, lockPathFor } from './data-dir-lock.ts';
import { LOCAL_DATA_DIR } from './db.ts';
import { storageDirFor } from './storage/files.ts';

const dataDir = LOCAL_DATA_DIR;
const holder = lockHolder(dataDir);
if (holder !== null) {
  console.error(`The local database is in use by process ${holder}. Stop the backend (Ctrl+C) and run this again.`);
  process.exit(1);
}
const storageDir = storageDirFor(dataDir);
if (existsSync(storageDir)) {
  rmSync(storageDir, { recursive: true, force: true });
  console.log(`Removed ${storageDir} (Storage files).`);
}
if (existsSync(dataDir)) {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(lockPathFor(dataDir), { force: true });
  console.log(`Removed ${dataDir}. The next start creates a fresh database (migrations + seed).`);
} else {
  console.log(`Nothing to reset: ${dataDir} does not exist.`);
}
