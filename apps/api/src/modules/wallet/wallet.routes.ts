import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  applyVoucherBody,
  applyVoucherResult,
  couponPackage,
  couponPackageQuery,
  credits,
  creditsQuery,
} from '@storefront/contract/wallet';
import { customerIdOf } from '../../plugins/auth.js';
import { clientIp, ok, routeOptions } from '../../lib/reply.js';
import type { WalletService } from './wallet.service.js';

/** Each route as the OpenAPI document describes it: its operationId and what it does (lib/reply.ts). */
const routeDocs = {
  listCredits:
    "The customer's store credit balance and its ledger (vouchers, refunds, orders paid with it), a page at a time.",
  listWalletCoupons:
    'The discount codes offered to the customer, each with whether it is usable, used or expired; optionally only some statuses.',
  redeemVoucher:
    'Redeems a gift voucher code as store credit and answers the new balance. Refused when the code is unknown, already redeemed or expired; every attempt counts against a per-account and per-address limit.',
};

export const walletRoutes: FastifyPluginAsyncZod<{ wallet: WalletService }> = async (app, { wallet }) => {
  const { signedIn } = routeOptions(app, ['wallet'], routeDocs);

  app.get('/customer/credits', signedIn('listCredits', { querystring: creditsQuery }, credits), async (req) =>
    ok(await wallet.credits(customerIdOf(req), req.query)),
  );

  app.get(
    '/customer/coupon/package',
    signedIn('listWalletCoupons', { querystring: couponPackageQuery }, couponPackage),
    async (req) => ok(await wallet.couponPackage(customerIdOf(req), req.query.status)),
  );

  app.post(
    '/customer/apply-voucher',
    signedIn('redeemVoucher', { body: applyVoucherBody }, applyVoucherResult),
    async (req) => ok(await wallet.applyVoucher(customerIdOf(req), req.body.code, clientIp(req))),
  );
};
