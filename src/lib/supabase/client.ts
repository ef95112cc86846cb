/**
 * The one supabase-js client, for screens that sign in (auth, portals,
 * simple admin). Only lazily loaded routes import this module, so public
 * pages never download supabase-js.
 */
import { createClient } from '@supabase/supabase-js';
import { env } from '@/config/env';
import type { Database } from './database.types';
import { authStorageKey } from './stored-session';

export const supabase = createClient<Database>(env.supabaseUrl, env.supabaseAnonKey, {
  auth: {
    persistSession: true,
    // supabase-js's default key, spelled out: the sign-in pages look for it without loading this module.
    storageKey: authStorageKey(env.supabaseUrl),
    autoRefreshToken: true,
    // Microsoft and Google sign-in come back with a one-time code (PKCE), which
    // the page they return to exchanges itself (src/lib/session/oauth-return.ts):
    // no other URL is ever read for a session.
    flowType: 'pkce',
    detectSessionInUrl: false,
  },
});

export type AppSupabaseClient = typeof supabase;
