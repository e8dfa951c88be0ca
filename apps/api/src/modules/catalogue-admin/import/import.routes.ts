import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMPORT_BYTES_MAX, importQuery, importReport } from '@storefront/contract/catalogue-admin';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../lib/app-error.js';
import { ok } from '../../../lib/reply.js';
import { actorOf, staffRouteOptions } from '../../../plugins/staff-auth.js';
import { createProductImport } from './import.service.js';

/** The body as the text/csv parser below hands it over: the request's stream, read as it arrives. */
const csvBody = z
  .custom<Readable>((body) => body instanceof Readable, {
    error: 'must be the CSV file, sent with Content-Type: text/csv',
  })
  .meta({
    description: 'The product file (text/csv, UTF-8): a header row of column names, then a row per product.',
  });

/** The export's answer: a stream of CSV, written as the products are read (documented as the text it is). */
const csvFile = z
  .custom<Readable>((body) => body instanceof Readable)
  .meta({
    type: 'string',
    maxLength: IMPORT_BYTES_MAX,
    description: 'Every product as a row of the import file (text/csv, UTF-8).',
  });

/** Each route as the OpenAPI document describes it: its operationId and what it does (lib/reply.ts). */
const routeDocs = {
  adminImportProducts:
    'Creates or updates products by SKU from a CSV file (README, "Product CSV"), all in one transaction, and reports each bad cell by line. Nothing is written when a row is bad or with dryRun; refused when the file is empty or too large.',
  adminExportProducts: 'Every product as a CSV file in the columns the import reads.',
};

/** CSV import and export of products (README, "Product CSV"). */
export const productImportRoutes: FastifyPluginAsyncZod<{ db: Db; now: () => Date }> = async (
  app,
  { db, now },
) => {
  const { allow } = staffRouteOptions(app, routeDocs);
  const productImport = createProductImport(db, { now });
  const managers = ['owner', 'manager'] as const;

  // Only in this plugin's routes. A file larger than an import takes is refused before a byte is read when it says
  // so; one that does not is stopped at that size as it is read (import/csv-records.ts).
  app.addContentTypeParser('text/csv', (req, payload, done) => {
    if (Number(req.headers['content-length']) > IMPORT_BYTES_MAX) done(new AppError('PAYLOAD_TOO_LARGE'));
    else done(null, payload);
  });

  const importOptions = allow(
    'adminImportProducts',
    managers,
    { querystring: importQuery, body: csvBody },
    importReport,
  );
  app.post(
    '/products/import',
    {
      ...importOptions,
      bodyLimit: IMPORT_BYTES_MAX,
      schema: { ...importOptions.schema, consumes: ['text/csv'] },
    },
    async (req) =>
      ok(
        await productImport.importFile(req.body, {
          dryRun: req.query.dryRun,
          actor: actorOf(req),
          bytesMax: IMPORT_BYTES_MAX,
        }),
      ),
  );

  const exportOptions = allow('adminExportProducts', managers, {}, csvFile);
  app.get(
    '/products/export',
    {
      ...exportOptions,
      schema: {
        ...exportOptions.schema,
        produces: ['text/csv'],
        response: { ...exportOptions.schema.response, 200: csvFile },
      },
    },
    async (_req, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${productImport.exportFileName()}"`)
        .header('cache-control', 'no-store')
        .send(productImport.exportFile()),
  );
};
