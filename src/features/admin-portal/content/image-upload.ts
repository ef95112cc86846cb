/**
 * Prepares a chosen file for the `content-images` bucket in the browser:
 * decode it, draw it at most 1600 px wide on a canvas and re-encode it as
 * WebP (JPEG where a browser cannot write WebP), unless it is already small
 * (docs/decisions/171-content-images-resized-in-the-browser.md).
 */
import { checkEncodedSize, checkImageType, extensionOf, planImage } from './image-plan';

export class ImageRefused extends Error {}

/**
 * Decodes without a URL: the portal's Content-Security-Policy allows no
 * `blob:` images, and createImageBitmap needs none.
 */
async function decode(file: Blob): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(file);
  } catch {
    throw new ImageRefused('This file could not be read as an image. Choose another file.');
  }
}

function encode(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

export type PreparedImage = { blob: Blob; extension: string; width: number; height: number };

export async function prepareImage(file: File): Promise<PreparedImage> {
  const refused = checkImageType(file.type);
  if (refused) throw new ImageRefused(refused);
  const image = await decode(file);
  const plan = planImage(file, { width: image.width, height: image.height });
  if (plan.action === 'refuse') throw new ImageRefused(plan.message);
  if (plan.action === 'keep') {
    const tooBig = checkEncodedSize(file.size);
    if (tooBig) throw new ImageRefused(tooBig);
    return { blob: file, extension: extensionOf(file.type), width: plan.width, height: plan.height };
  }
  const canvas = document.createElement('canvas');
  canvas.width = plan.width;
  canvas.height = plan.height;
  const context = canvas.getContext('2d');
  if (!context) throw new ImageRefused('This browser cannot resize images. Try another browser.');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, plan.width, plan.height);
  let blob = await encode(canvas, 'image/webp', 0.82);
  if (!blob || blob.type !== 'image/webp') blob = await encode(canvas, 'image/jpeg', 0.85);
  if (!blob) throw new ImageRefused('The image could not be converted. Try another file.');
  const tooBig = checkEncodedSize(blob.size);
  if (tooBig) throw new ImageRefused(tooBig);
  return { blob, extension: extensionOf(blob.type), width: plan.width, height: plan.height };
}
