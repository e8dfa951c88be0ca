import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { IMAGE_PATH } from '../../catalog/product-images.js';

/** A stored file as GET /images/products/<name> sends it. */
export type StoredImage = { body: Readable; length: number | undefined; etag: string | undefined };

/** Where an uploaded image's files go: a directory under DATA_DIR, or an S3-compatible bucket (s3-image-storage.ts). */
export type ImageStorage = {
  /** Stores the file under `name`, whole or not at all; a file of that name is replaced. */
  put(name: string, bytes: Buffer): Promise<void>;
  /** The address the shop links a file by (kept in products.image_url). */
  urlOf(name: string): string;
  /** How IMAGE_PATH serves the files: a folder served as it is, or a reader (null when there is no such file). */
  source: { dir: string } | { read(name: string): Promise<StoredImage | null> };
  close?(): void;
};

/** The folder under DATA_DIR the files are kept in and served from. */
export const productImageDir = (dataDir: string) => path.join(dataDir, 'images', 'products');

/**
 * Files in a directory, each written to a temporary name beside it and renamed into place, so a reader never sees
 * half a file. Temporary names start with a dot and are never served.
 */
export function createDirectoryStorage(dir: string): ImageStorage {
  let made: Promise<unknown> | null = null;
  return {
    urlOf: (name) => `${IMAGE_PATH}/${name}`,
    source: { dir },
    async put(name, bytes) {
      made ??= mkdir(dir, { recursive: true }).catch((err: unknown) => {
        made = null;
        throw err;
      });
      await made;
      const temp = path.join(dir, `.${name}.${randomUUID()}.tmp`);
      try {
        const file = await open(temp, 'wx');
        try {
          await file.writeFile(bytes);
          await file.sync();
        } finally {
          await file.close();
        }
        await rename(temp, path.join(dir, name));
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
    },
  };
}
