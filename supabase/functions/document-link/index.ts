/**
 * Entry point of the `document-link` Edge Function on Supabase's Deno
 * runtime; the work is in handler.ts (docs/decisions/184-document-links-made-by-the-server.md).
 */
import { handler } from './handler.ts';

interface DenoServe {
  serve(handler: (req: Request) => Promise<Response>): unknown;
}

(globalThis as unknown as { Deno: DenoServe }).Deno.serve(handler);
