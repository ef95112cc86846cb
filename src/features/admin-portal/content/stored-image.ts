/**
 * The `src` of a stored content image inside the admin portal. The site's
 * Content-Security-Policy lets images come only from the site itself and
 * `data:`, while the Storage origin is allowed for requests (`connect-src`):
 * so the portal fetches a bucket object and shows it as a data: URL
 * (docs/decisions/171-content-images-resized-in-the-browser.md). The
 * product editor shows `product-images` objects the same way.
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { env } from '@/config/env';
import { contentImageUrl } from '@/lib/content/published';

function asDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be read.'));
    reader.readAsDataURL(blob);
  });
}

const CONTENT_BUCKET = 'content-images';

/** A public bucket's object URL: content-images by default, or another public bucket (product-images). */
function objectUrl(path: string, bucket: string): string {
  const url = contentImageUrl(path, env.supabaseUrl);
  return bucket === CONTENT_BUCKET ? url : url.replace(`/public/${CONTENT_BUCKET}/`, `/public/${bucket}/`);
}

const imageQuery = (path: string, bucket: string) =>
  queryOptions({
    queryKey: ['admin', bucket === CONTENT_BUCKET ? 'content-image' : bucket, path] as const,
    queryFn: async () => {
      const response = await fetch(objectUrl(path, bucket));
      if (!response.ok) throw new Error(`The image could not be loaded (HTTP ${response.status}).`);
      return asDataUrl(await response.blob());
    },
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: 1,
  });

/** A site file's path as it is; a bucket object as a data: URL once fetched (undefined meanwhile). */
export function useStoredImageSrc(path: string | null | undefined, bucket = CONTENT_BUCKET): string | undefined {
  const stored = Boolean(path && !path.startsWith('/'));
  const query = useQuery({ ...imageQuery(path ?? '', bucket), enabled: stored });
  if (!path) return undefined;
  return stored ? query.data : path;
}

/** Keeps a just-uploaded image's bytes, so the editor shows it without downloading it again. */
export async function rememberUploadedImage(
  queryClient: QueryClient,
  path: string,
  blob: Blob,
  bucket = CONTENT_BUCKET,
): Promise<void> {
  queryClient.setQueryData(imageQuery(path, bucket).queryKey, await asDataUrl(blob));
}
