/**
 * The names the app uses for generated database types. database.types.ts is
 * regenerated from the migrations (`npm run db:types`), so nothing is added
 * to it by hand.
 */
import type { Enums } from './database.types';

export type AppRole = Enums<'app_role'>;
