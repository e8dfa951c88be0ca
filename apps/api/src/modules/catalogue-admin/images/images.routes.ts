import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminProduct, adminProductParams } from '@storefront/contract/catalogue-admin';
import { errorEnvelope } from '@storefront/contract/common';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../lib/app-error.js';
import { ok } from '../../../lib/reply.js';
import { sendError } from '../../../plugins/errors.js';
import { actorOf, staffRouteOptions } from '../../../plugins/staff-auth.js';
import type { ImageStorage } from './image-storage.js';
import { createImageService } from './images.service.js';
import { IMAGE_BYTES_MAX } from './product-image-files.js';

const SEND_AN_IMAGE = 'send the image file itself, as Content-Type image/jpeg, image/png or image/webp';

const imageBody = z.instanceof(Buffer, { error: SEND_AN_IMAGE }).meta({
  type: 'string',
  format: 'binary',
  maxLength: IMAGE_BYTES_MAX,
  description: 'A JPEG, PNG or WebP image of up to 5 MB.',
});

/** Each route as the OpenAPI document describes it: its operationId and what it does (lib/reply.ts). */
const routeDocs = {
  adminUploadProductImage:
    "Makes the uploaded JPEG, PNG or WebP the product's image, stored in the sizes the shop shows, and audited. Refused when the file is not an image the store reads, is damaged or too large, or the product is unknown.",
};

/** Product image upload (staff): the file's sizes are stored, then the product names them. */
export const productImageRoutes: FastifyPluginAsyncZod<{
  db: Db;
  now: () => Date;
  storage: ImageStorage;
}> = async (app, { db, now, storage }) => {
  const { allow } = staffRouteOptions(app, routeDocs);
  const images = createImageService(db, { now, storage });

  // In this plugin only: the rest of the API takes JSON of at most 64 KB.
  app.addContentTypeParser(
    /^image\/[\w.+-]+$/i,
    { parseAs: 'buffer', bodyLimit: IMAGE_BYTES_MAX },
    (_req, body, done) => done(null, body),
  );
  // Fastify's own refusals of the body, said for an image; everything else goes on to the app's error handler.
  app.setErrorHandler((err: FastifyError, _req, reply) => {
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new AppError('IMAGE_TOO_LARGE');
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return sendError(reply, 'VALIDATION', `body: ${SEND_AN_IMAGE}`, {
        fields: [{ field: 'body', message: SEND_AN_IMAGE }],
      });
    throw err;
  });

  const uploadOptions = allow(
    'adminUploadProductImage',
    ['owner', 'manager'],
    { params: adminProductParams, body: imageBody, consumes: ['image/jpeg', 'image/png', 'image/webp'] },
    adminProduct,
  );
  app.put(
    '/products/:productID/image',
    {
      ...uploadOptions,
      schema: { ...uploadOptions.schema, response: { ...uploadOptions.schema.response, 413: errorEnvelope } },
      bodyLimit: IMAGE_BYTES_MAX,
    },
    async (req) => ok(await images.upload(req.params.productID, req.body, actorOf(req))),
  );
};
