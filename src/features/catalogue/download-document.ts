/**
 * A product's public document (a spec sheet), for anyone: the server's
 * document-link function checks that the document is linked publicly to a
 * published product and answers a link that works for 60 seconds
 * (docs/decisions/184-document-links-made-by-the-server.md). Plain fetch with
 * the anon key: a public page never downloads supabase-js.
 */
import { env } from '@/config/env';

export async function requestProductDocumentUrl(productId: string, documentId: string, fileName: string) {
  const response = await fetch(`${env.supabaseUrl}/functions/v1/document-link`, {
    method: 'POST',
    headers: {
      apikey: env.supabaseAnonKey,
      Authorization: `Bearer ${env.supabaseAnonKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ product_id: productId, document_id: documentId, file_name: fileName }),
  });
  if (!response.ok) throw new Error(`document-link answered ${response.status}`);
  const body = (await response.json()) as { url?: unknown };
  if (typeof body.url !== 'string') throw new Error('document-link answered no link');
  return body.url;
}
