import { Readable } from 'node:stream';
import { GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { AppError } from '../../../lib/app-error.js';
import { IMAGE_PATH } from '../../catalog/product-images.js';
import type { ImageStorage } from './image-storage.js';

export type S3ImageStorageOptions = {
  bucket: string;
  /** An S3-compatible service's address (MinIO, R2, ...); AWS itself when left out. */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where the bucket's objects are served from; the shop links there instead of IMAGE_PATH when set. */
  publicUrl: string | undefined;
};

/** The folder in the bucket, as under DATA_DIR: a public URL names it too (`<public url>/products/<file>`). */
const KEY_PREFIX = 'products/';
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

const STORE_REFUSED =
  'The image could not be stored: the image store is not answering. Try the upload again in a moment.';
const READ_REFUSED = 'The image store is not answering. Try again in a moment.';

/** Whether the bucket said there is no such object (a 404, or NoSuchKey from services that name it so). */
function isMissing(err: unknown): boolean {
  return (
    err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404)
  );
}

/** The bucket's failure said as a 503 in the envelope; what the bucket answered goes to the log as its cause. */
function unavailable(message: string, cause: unknown): AppError {
  const err = new AppError('UNAVAILABLE', message);
  err.cause = cause;
  return err;
}

/**
 * Files as objects in an S3-compatible bucket. A PUT of one object is whole or nothing, so a reader never sees half a
 * file; each carries its type and the year-long cache header, for when the bucket serves them itself.
 */
export function createS3ImageStorage(options: S3ImageStorageOptions): ImageStorage {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // The newer checksum headers are refused by some S3-compatible services; ask for them only where S3 must have them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A bucket that hangs would otherwise hold the upload (and the staff member) for as long as the socket stays open.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const publicUrl = options.publicUrl?.replace(/\/+$/, '');

  return {
    urlOf: (name) => (publicUrl ? `${publicUrl}/${KEY_PREFIX}${name}` : `${IMAGE_PATH}/${name}`),

    async put(name, bytes) {
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: options.bucket,
            Key: KEY_PREFIX + name,
            Body: bytes,
            ContentType: 'image/webp',
            CacheControl: CACHE_CONTROL,
          }),
        );
      } catch (err) {
        throw unavailable(STORE_REFUSED, err);
      }
    },

    source: {
      async read(name) {
        try {
          const object = await client.send(
            new GetObjectCommand({ Bucket: options.bucket, Key: KEY_PREFIX + name }),
          );
          if (!(object.Body instanceof Readable)) throw new Error('the bucket sent no body');
          return { body: object.Body, length: object.ContentLength, etag: object.ETag };
        } catch (err) {
          if (isMissing(err)) return null;
          throw unavailable(READ_REFUSED, err);
        }
      },
    },

    close: () => client.destroy(),
  };
}
