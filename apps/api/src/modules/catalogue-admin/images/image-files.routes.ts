import { mkdir } from 'node:fs/promises';
import type { FastifyPluginAsync } from 'fastify';
import fastifyStatic from '@fastify/static';
import { IMAGE_PATH, IMAGE_WIDTHS } from '../../catalog/product-images.js';
import { productImageDir } from './image-storage.js';

/** The only names served: a content hash and one of the widths (imageFileName); anything else is not found. */
const FILE_PATH = new RegExp(`^/[a-f0-9]{64}-(${Object.values(IMAGE_WIDTHS).join('|')})\\.webp$`);

/** Serves uploaded product images at IMAGE_PATH; a name holds its content's hash, so a file never changes. */
export const productImageFileRoutes: FastifyPluginAsync<{ dataDir: string }> = async (app, { dataDir }) => {
  const root = productImageDir(dataDir);
  await mkdir(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: `${IMAGE_PATH}/`,
    decorateReply: false,
    index: false,
    list: false,
    allowedPath: (pathname) => FILE_PATH.test(pathname),
    cacheControl: false,
    setHeaders: (res) => res.header('cache-control', 'public, max-age=31536000, immutable'),
    schemaHide: true,
  });
};
