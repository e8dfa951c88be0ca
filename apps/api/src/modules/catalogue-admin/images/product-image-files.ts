import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { AppError } from '../../../lib/app-error.js';
import { IMAGE_WIDTHS, imageFileName } from '../../catalog/product-images.js';

/** The largest upload taken (the PUT's body limit; the error's message says it). */
export const IMAGE_BYTES_MAX = 5 * 1024 * 1024;
/** Decoding more would take hundreds of MB of memory: a small file can claim a huge canvas (a decompression bomb). */
export const IMAGE_PIXELS_MAX = 50_000_000;

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
const WEBP_QUALITY = 80;

export type ImageFile = { name: string; bytes: Buffer };

/** The content's hash, which names its files: the same image uploaded twice has the same key. */
export const imageKeyOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * The uploaded image at each of IMAGE_WIDTHS as WebP: read by its content (whatever it was called or sent as), turned
 * upright by its EXIF orientation, fitted inside a square of the width without enlarging it, metadata (camera, GPS)
 * left out.
 */
export async function productImageFiles(bytes: Buffer): Promise<{ key: string; files: ImageFile[] }> {
  let format: string | undefined;
  let pixels: number;
  try {
    // Only the header is read here, without a limit, so a canvas too large is told apart from a file that is no image.
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    format = meta.format;
    pixels = meta.width * meta.height;
  } catch {
    throw new AppError('IMAGE_NOT_SUPPORTED');
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new AppError('IMAGE_NOT_SUPPORTED');
  if (pixels > IMAGE_PIXELS_MAX) throw new AppError('IMAGE_TOO_MANY_PIXELS');

  const key = imageKeyOf(bytes);
  const upright = sharp(bytes, { limitInputPixels: IMAGE_PIXELS_MAX, failOn: 'warning' }).autoOrient();
  try {
    const files = await Promise.all(
      Object.values(IMAGE_WIDTHS).map(async (width) => ({
        name: imageFileName(key, width),
        bytes: await upright
          .clone()
          .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY })
          .toBuffer(),
      })),
    );
    return { key, files };
  } catch {
    throw new AppError('IMAGE_DAMAGED');
  }
}
