/**
 * Entry point of the `invite-staff` Edge Function on Supabase's Deno runtime;
 * the work is in handler.ts (docs/decisions/211-managing-staff.md).
 */
import { handler } from './handler.ts';

interface DenoServe {
  serve(handler: (req: Request) => Promise<Response>): unknown;
}

(globalThis as unknown as { Deno: DenoServe }).Deno.serve(handler);
