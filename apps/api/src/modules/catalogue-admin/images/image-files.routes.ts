import { mkdir } from 'node:fs/promises';
import type { FastifyPluginAsync } from 'fastify';
import fastifyStatic from '@fastify/static';
import { AppError } from '../../../lib/app-error.js';
import { IMAGE_PATH, IMAGE_WIDTHS } from '../../catalog/product-images.js';
import type { ImageStorage } from './image-storage.js';

/** The only names served: a content hash and one of the widths (imageFileName); anything else is not found. */
const FILE_NAME = `[a-f0-9]{64}-(${Object.values(IMAGE_WIDTHS).join('|')})\\.webp`;
const FILE_PATH = new RegExp(`^/${FILE_NAME}$`);
const FILE = new RegExp(`^${FILE_NAME}$`);
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Serves uploaded product images at IMAGE_PATH, from the folder or the bucket they are stored in; a name holds its
 * content's hash, so a file never changes.
 */
export const productImageFileRoutes: FastifyPluginAsync<{ storage: ImageStorage }> = async (
  app,
  { storage },
) => {
  app.addHook('onClose', async () => storage.close?.());
  const { source } = storage;
  if ('read' in source) {
    app.get<{ Params: { file: string } }>(
      `${IMAGE_PATH}/:file`,
      { schema: { hide: true } },
      async (req, reply) => {
        const image = FILE.test(req.params.file) ? await source.read(req.params.file) : null;
        if (!image) throw new AppError('NOT_FOUND');
        reply.header('content-type', 'image/webp').header('cache-control', CACHE_CONTROL);
        if (image.length !== undefined) reply.header('content-length', image.length);
        if (image.etag !== undefined) reply.header('etag', image.etag);
        return reply.send(image.body);
      },
    );
    return;
  }
  await mkdir(source.dir, { recursive: true });
  await app.register(fastifyStatic, {
    root: source.dir,
    prefix: `${IMAGE_PATH}/`,
    decorateReply: false,
    index: false,
    list: false,
    allowedPath: (pathname) => FILE_PATH.test(pathname),
    cacheControl: false,
    setHeaders: (res) => res.header('cache-control', CACHE_CONTROL),
    schemaHide: true,
  });
};
