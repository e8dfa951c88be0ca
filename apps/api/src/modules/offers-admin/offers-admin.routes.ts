import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emptyBody } from '@storefront/contract/common';
import {
  couponBody,
  couponDetail,
  couponGiveBody,
  couponGiveResult,
  couponList,
  couponListQuery,
  couponParams,
  voucherBatch,
  voucherBatchBody,
  voucherBatchCsv,
  voucherBatchList,
  voucherBatchListQuery,
  voucherBatchParams,
  type VoucherBatchParams,
} from '@storefront/contract/offers-admin';
import type { Db } from '../../db/client.js';
import { ok } from '../../lib/reply.js';
import { actorOf, staffRouteOptions } from '../../plugins/staff-auth.js';
import { createCouponsAdmin } from './coupons.service.js';
import { createVoucherBatches } from './voucher-batches.service.js';

/** A file name from a batch's label: its letters, digits and dashes. */
function csvFileName(label: string): string {
  const slug = label.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '');
  return `vouchers${slug ? `-${slug}` : ''}.csv`;
}

/** Coupons and gift vouchers (staff). */
export const offersAdminRoutes: FastifyPluginAsyncZod<{ db: Db; now: () => Date }> = async (
  app,
  { db, now },
) => {
  const { allow } = staffRouteOptions(app);
  const managers = ['owner', 'manager'] as const;
  const coupons = createCouponsAdmin(db, now);
  const batches = createVoucherBatches(db, now);

  app.get('/coupons', allow(managers, { querystring: couponListQuery }, couponList), async (req) =>
    ok(await coupons.list(req.query)),
  );

  app.get('/coupons/:couponID', allow(managers, { params: couponParams }, couponDetail), async (req) =>
    ok(await coupons.detail(req.params.couponID)),
  );

  app.post('/coupons', allow(managers, { body: couponBody }, couponDetail), async (req) =>
    ok(await coupons.create(req.body, actorOf(req))),
  );

  app.put(
    '/coupons/:couponID',
    allow(managers, { params: couponParams, body: couponBody }, couponDetail),
    async (req) => ok(await coupons.update(req.params.couponID, req.body, actorOf(req))),
  );

  app.post(
    '/coupons/:couponID/end',
    allow(managers, { params: couponParams, body: emptyBody }, couponDetail),
    async (req) => ok(await coupons.end(req.params.couponID, actorOf(req))),
  );

  app.post(
    '/coupons/:couponID/customers',
    allow(managers, { params: couponParams, body: couponGiveBody }, couponGiveResult),
    async (req) => ok(await coupons.give(req.params.couponID, req.body.emails, actorOf(req))),
  );

  app.get(
    '/vouchers/batches',
    allow(managers, { querystring: voucherBatchListQuery }, voucherBatchList),
    async (req) => ok(await batches.list(req.query)),
  );

  app.post('/vouchers/batches', allow(managers, { body: voucherBatchBody }, voucherBatch), async (req) =>
    ok(await batches.create(req.body, actorOf(req))),
  );

  const exportOptions = allow(managers, { params: voucherBatchParams }, voucherBatchCsv);
  // A stream is no JSON the type provider knows: the reply's type is given, as Fastify lets a route override it.
  app.get<{ Params: VoucherBatchParams; Reply: Readable }>(
    '/vouchers/batches/:batch/export',
    {
      ...exportOptions,
      schema: {
        ...exportOptions.schema,
        response: {
          ...exportOptions.schema.response,
          200: {
            description: 'The batch as CSV: code, amount (dollars), expires and redeemed_at (ISO 8601, UTC).',
            content: { 'text/csv': { schema: voucherBatchCsv } },
          },
        },
      },
    },
    async (req, reply) => {
      const csv = await batches.exportCsv(req.params.batch);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName(req.params.batch)}"`)
        .send(csv);
    },
  );
};
