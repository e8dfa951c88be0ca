import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/** Where an uploaded image's files go: a directory now; an S3-compatible bucket can implement the same `put`. */
export type ImageStorage = {
  /** Stores the file under `name`, whole or not at all; a file of that name is replaced. */
  put(name: string, bytes: Buffer): Promise<void>;
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
