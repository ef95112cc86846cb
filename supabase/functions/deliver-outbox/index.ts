/**
 * Entry point of the `deliver-outbox` Edge Function on Supabase's Deno
 * runtime; the work is in handler.ts (docs/decisions/115-mail-outbox-and-delivery.md).
 */
import { handler } from './handler.ts';

interface DenoServe {
  serve(handler: (req: Request) => Promise<Response>): unknown;
}

(globalThis as unknown as { Deno: DenoServe }).Deno.serve(handler);
