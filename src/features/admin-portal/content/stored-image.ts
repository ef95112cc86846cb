/**
 * The `src` of a stored content image inside the admin portal. The site's
 * Content-Security-Policy lets images come only from the site itself and
 * `data:`, while the Storage origin is allowed for requests (`connect-src`):
 * so the portal fetches a bucket object and shows it as a data: URL
 * (docs/decisions/171-content-images-resized-in-the-browser.md).
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

const imageQuery = (path: string) =>
  queryOptions({
    queryKey: ['admin', 'content-image', path] as const,
    queryFn: async () => {
      const response = await fetch(contentImageUrl(path, env.supabaseUrl));
      if (!response.ok) throw new Error(`The image could not be loaded (HTTP ${response.status}).`);
      return asDataUrl(await response.blob());
    },
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: 1,
  });

/** A site file's path as it is; a bucket object as a data: URL once fetched (undefined meanwhile). */
export function useStoredImageSrc(path: string | null | undefined): string | undefined {
  const stored = Boolean(path && !path.startsWith('/'));
  const query = useQuery({ ...imageQuery(path ?? ''), enabled: stored });
  if (!path) return undefined;
  return stored ? query.data : path;
}

/** Keeps a just-uploaded image's bytes, so the editor shows it without downloading it again. */
export async function rememberUploadedImage(queryClient: QueryClient, path: string, blob: Blob): Promise<void> {
  queryClient.setQueryData(imageQuery(path).queryKey, await asDataUrl(blob));
}
