/**
 * What happens to a chosen image before it is uploaded to the
 * `content-images` bucket (docs/decisions/171-content-images-resized-in-the-browser.md).
 */
export const MAX_IMAGE_WIDTH = 1600;
/** The bucket's limit per file. */
export const BUCKET_LIMIT_BYTES = 5 * 1024 * 1024;
/** Below this, a file already small enough in pixels is uploaded as it is. */
export const KEEP_AS_IS_BYTES = 600 * 1024;
/** The types the bucket stores. */
export const STORED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
/** Types a browser decodes and the editor converts (the bucket refuses GIF). */
const CONVERTIBLE_TYPES = [...STORED_TYPES, 'image/gif'];

export type ImagePlan =
  | { action: 'refuse'; message: string }
  | { action: 'keep'; width: number; height: number }
  | { action: 'resize'; width: number; height: number };

/** Whether the file's type is one the editor can take, before it is decoded. */
export function checkImageType(type: string): string | null {
  return CONVERTIBLE_TYPES.includes(type)
    ? null
    : 'This file is not an image the site can show. Choose a JPEG, PNG, WebP or AVIF image.';
}

/**
 * From a decoded image's size: keep a small, stored type as it is; otherwise
 * draw it at most 1600 px wide (never enlarged) and re-encode it.
 */
export function planImage(file: { type: string; size: number }, natural: { width: number; height: number }): ImagePlan {
  const refused = checkImageType(file.type);
  if (refused) return { action: 'refuse', message: refused };
  if (!(natural.width > 0 && natural.height > 0)) {
    return { action: 'refuse', message: 'This image could not be read. Choose another file.' };
  }
  const stored = (STORED_TYPES as readonly string[]).includes(file.type);
  if (stored && natural.width <= MAX_IMAGE_WIDTH && file.size <= KEEP_AS_IS_BYTES) {
    return { action: 'keep', width: natural.width, height: natural.height };
  }
  const scale = Math.min(1, MAX_IMAGE_WIDTH / natural.width);
  return {
    action: 'resize',
    width: Math.max(1, Math.round(natural.width * scale)),
    height: Math.max(1, Math.round(natural.height * scale)),
  };
}

/** The message for a file that is still above the bucket's limit once encoded, or null when it fits. */
export function checkEncodedSize(bytes: number): string | null {
  return bytes > BUCKET_LIMIT_BYTES
    ? `This image is still ${(bytes / 1024 / 1024).toFixed(1)} MB after resizing; the limit is 5 MB. Choose a smaller image.`
    : null;
}

/** The extension of a stored type. */
export function extensionOf(type: string): string {
  return { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/avif': 'avif' }[type] ?? 'bin';
}
