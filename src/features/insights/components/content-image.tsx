import type { ImageRef } from '@/content/types';

/**
 * An image from the content modules: always its intrinsic size (no layout
 * shift) and async decoding; lazy unless it is in the first screen.
 */
export function ContentImage({
  image,
  lazy = true,
  alt = image.alt,
  className,
  priority = false,
}: {
  image: ImageRef;
  lazy?: boolean;
  /** The page's largest image in the first screen (its LCP): fetched ahead of other images. */
  priority?: boolean;
  /** Overrides the content's alt text (e.g. a translated portrait label). */
  alt?: string;
  className?: string;
}) {
  return (
    <img
      src={image.src}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={lazy ? 'lazy' : undefined}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={className}
    />
  );
}

/** A card title link whose click area stretches over its whole (relative) card. */
export const stretchedLinkClass =
  "after:absolute after:inset-0 after:content-[''] hover:text-brand-700 focus-visible:outline-none focus-visible:after:outline focus-visible:after:outline-2 focus-visible:after:outline-brand-600";
