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

/** Each route as the OpenAPI document describes it: its operationId and what it does (lib/reply.ts). */
const routeDocs = {
  adminListCoupons:
    'Discount coupons, a page at a time; searched by code or description and filtered by status.',
  adminGetCoupon: 'One coupon with its rules and uses. Refused (404) for an unknown coupon.',
  adminCreateCoupon: 'Adds a discount coupon, audited. Refused when another coupon has the code.',
  adminUpdateCoupon:
    "Replaces a coupon's rules, audited; its uses so far stay. Refused when another coupon has the code or the usage limit falls below the uses.",
  adminEndCoupon:
    'Ends a coupon now (one not started never starts), audited; one already ended stays as it is.',
  adminGiveCoupon:
    'Puts a coupon in the wallets of the customers named by email: all of them, or none when an email is no account. Refused once the coupon has ended.',
  adminListVoucherBatches: 'Gift voucher batches, newest first, with how many of each were redeemed.',
  adminCreateVoucherBatch:
    'Makes a batch of gift voucher codes under a new label, audited without the codes. Refused when the label is taken or the expiry has passed.',
  adminExportVoucherBatch:
    "A batch's voucher codes as CSV (code, amount, expiry, when redeemed), in the order they were made. Refused (404) for an unknown batch.",
};

/** Coupons and gift vouchers (staff). */
export const offersAdminRoutes: FastifyPluginAsyncZod<{ db: Db; now: () => Date }> = async (
  app,
  { db, now },
) => {
  const { allow } = staffRouteOptions(app, routeDocs);
  const managers = ['owner', 'manager'] as const;
  const coupons = createCouponsAdmin(db, now);
  const batches = createVoucherBatches(db, now);

  app.get(
    '/coupons',
    allow('adminListCoupons', managers, { querystring: couponListQuery }, couponList),
    async (req) => ok(await coupons.list(req.query)),
  );

  app.get(
    '/coupons/:couponID',
    allow('adminGetCoupon', managers, { params: couponParams }, couponDetail),
    async (req) => ok(await coupons.detail(req.params.couponID)),
  );

  app.post(
    '/coupons',
    allow('adminCreateCoupon', managers, { body: couponBody }, couponDetail),
    async (req) => ok(await coupons.create(req.body, actorOf(req))),
  );

  app.put(
    '/coupons/:couponID',
    allow('adminUpdateCoupon', managers, { params: couponParams, body: couponBody }, couponDetail),
    async (req) => ok(await coupons.update(req.params.couponID, req.body, actorOf(req))),
  );

  app.post(
    '/coupons/:couponID/end',
    allow('adminEndCoupon', managers, { params: couponParams, body: emptyBody }, couponDetail),
    async (req) => ok(await coupons.end(req.params.couponID, actorOf(req))),
  );

  app.post(
    '/coupons/:couponID/customers',
    allow('adminGiveCoupon', managers, { params: couponParams, body: couponGiveBody }, couponGiveResult),
    async (req) => ok(await coupons.give(req.params.couponID, req.body.emails, actorOf(req))),
  );

  app.get(
    '/vouchers/batches',
    allow('adminListVoucherBatches', managers, { querystring: voucherBatchListQuery }, voucherBatchList),
    async (req) => ok(await batches.list(req.query)),
  );

  app.post(
    '/vouchers/batches',
    allow('adminCreateVoucherBatch', managers, { body: voucherBatchBody }, voucherBatch),
    async (req) => ok(await batches.create(req.body, actorOf(req))),
  );

  const exportOptions = allow(
    'adminExportVoucherBatch',
    managers,
    { params: voucherBatchParams },
    voucherBatchCsv,
  );
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
