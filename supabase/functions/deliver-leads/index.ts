/**
 * Entry point of the `deliver-leads` Edge Function on Supabase's Deno
 * runtime; the work is in handler.ts
 * (docs/decisions/188-leads-delivered-by-the-server-when-the-tab-closes.md).
 */
import { handler } from './handler.ts';

interface DenoServe {
  serve(handler: (req: Request) => Promise<Response>): unknown;
}

(globalThis as unknown as { Deno: DenoServe }).Deno.serve(handler);
