/**
 * The image storage part of the environment, merged into config.ts: `imageStorageEnvShape` in its object,
 * `.superRefine(checkImageStorageEnv)`, and `productImageStorage(config)` where the image routes are registered.
 */
import { z } from 'zod';
import { createDirectoryStorage, productImageDir, type ImageStorage } from './image-storage.js';

const text = z
  .string()
  .trim()
  .min(1)
  .optional()
  .or(z.literal('').transform(() => undefined));

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .optional()
  .or(z.literal('').transform(() => undefined));

export const imageStorageEnvShape = {
  IMAGES_S3_BUCKET: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      error: 'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
    })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  IMAGES_S3_ENDPOINT: httpUrl,
  IMAGES_S3_REGION: z.string().trim().min(1).default('us-east-1'),
  IMAGES_S3_ACCESS_KEY_ID: text,
  IMAGES_S3_SECRET_ACCESS_KEY: text,
  // The shop's pages load images only over https (img-src in app.ts's Content-Security-Policy).
  IMAGES_S3_PUBLIC_URL: z
    .url({ protocol: /^https$/, error: 'must be an https URL: the shop loads images only over https' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
};

export type ImageStorageEnv = z.infer<z.ZodObject<typeof imageStorageEnvShape>>;

const REQUIRED = ['IMAGES_S3_BUCKET', 'IMAGES_S3_ACCESS_KEY_ID', 'IMAGES_S3_SECRET_ACCESS_KEY'] as const;
const NEEDS_BUCKET = ['IMAGES_S3_ENDPOINT', 'IMAGES_S3_PUBLIC_URL'] as const;

/** A bucket is used with all of its settings or not at all; each issue names the variable missing. */
export function checkImageStorageEnv(env: ImageStorageEnv, ctx: z.RefinementCtx): void {
  const given = [...REQUIRED, ...NEEDS_BUCKET].find((name) => env[name] !== undefined);
  if (given === undefined) return;
  for (const name of REQUIRED) {
    if (env[name] === undefined)
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `is required when ${given} is set: images go to a bucket only with its name and both keys`,
      });
  }
}

/** The bucket when one is configured, else the folder under DATA_DIR; the S3 client is loaded only for a bucket. */
export async function productImageStorage(
  config: ImageStorageEnv & { DATA_DIR: string },
): Promise<ImageStorage> {
  const { IMAGES_S3_BUCKET: bucket, IMAGES_S3_ACCESS_KEY_ID: accessKeyId } = config;
  const secretAccessKey = config.IMAGES_S3_SECRET_ACCESS_KEY;
  if (bucket === undefined || accessKeyId === undefined || secretAccessKey === undefined)
    return createDirectoryStorage(productImageDir(config.DATA_DIR));
  const { createS3ImageStorage } = await import('./s3-image-storage.js');
  return createS3ImageStorage({
    bucket,
    endpoint: config.IMAGES_S3_ENDPOINT,
    region: config.IMAGES_S3_REGION,
    accessKeyId,
    secretAccessKey,
    publicUrl: config.IMAGES_S3_PUBLIC_URL,
  });
}
