/**
 * Uploads a file to Storage with progress. supabase-js's `upload` reports
 * none, so this posts to the same endpoint it uses
 * (`POST {url}/storage/v1/object/{bucket}/{path}`) with XMLHttpRequest,
 * the signed-in user's token and the anon key; the bucket's policies judge
 * the caller exactly as for supabase-js (docs/decisions/110-local-storage-api.md).
 */
import { env } from '@/config/env';
import { supabase } from '@/lib/supabase/client';

export class UploadError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = 'UploadError';
    this.status = status;
  }
}

/** The Storage server's message from its error body `{ statusCode, error, message }`. */
function serverMessage(text: string, status: number): { message: string; status: number } {
  try {
    const body = JSON.parse(text) as { message?: unknown; statusCode?: unknown; error?: unknown };
    const code = Number(body.statusCode);
    const message = typeof body.message === 'string' ? body.message : typeof body.error === 'string' ? body.error : '';
    return {
      message: message || `Upload failed (HTTP ${status}).`,
      status: Number.isFinite(code) && code ? code : status,
    };
  } catch {
    return { message: text.trim() || `Upload failed (HTTP ${status}).`, status };
  }
}

export async function uploadWithProgress(
  bucket: string,
  path: string,
  file: Blob,
  contentType: string,
  onProgress: (fraction: number) => void,
): Promise<void> {
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token ?? env.supabaseAnonKey;
  const url = `${env.supabaseUrl}/storage/v1/object/${bucket}/${path.split('/').map(encodeURIComponent).join('/')}`;
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('apikey', env.supabaseAnonKey);
    xhr.setRequestHeader('content-type', contentType);
    xhr.setRequestHeader('cache-control', 'max-age=3600');
    xhr.setRequestHeader('x-upsert', 'false');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
      } else {
        const { message, status } = serverMessage(xhr.responseText, xhr.status);
        reject(new UploadError(message, status));
      }
    };
    xhr.onerror = () => reject(new UploadError('The upload could not reach the server.', 0));
    xhr.onabort = () => reject(new UploadError('The upload was cancelled.', 0));
    xhr.send(file);
  });
}
