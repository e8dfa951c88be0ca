import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  applyVoucherBody,
  applyVoucherResult,
  couponPackage,
  couponPackageQuery,
  credits,
  creditsQuery,
} from '@storefront/contract/wallet';
import { authOf } from '../../plugins/auth.js';
import { bearer, ok, replies } from '../../lib/reply.js';
import type { WalletService } from './wallet.service.js';

export const walletRoutes: FastifyPluginAsyncZod<{ wallet: WalletService }> = async (app, { wallet }) => {
  const tags = ['wallet'];

  app.get(
    '/customer/credits',
    {
      onRequest: app.requireAuth,
      schema: { tags, security: bearer, querystring: creditsQuery, response: replies(credits) },
    },
    async (req) => ok(await wallet.credits(authOf(req).customerId, req.query)),
  );

  app.get(
    '/customer/coupon/package',
    {
      onRequest: app.requireAuth,
      schema: { tags, security: bearer, querystring: couponPackageQuery, response: replies(couponPackage) },
    },
    async (req) => ok(await wallet.couponPackage(authOf(req).customerId, req.query.status)),
  );

  app.post(
    '/customer/apply-voucher',
    {
      onRequest: app.requireAuth,
      schema: { tags, security: bearer, body: applyVoucherBody, response: replies(applyVoucherResult) },
    },
    async (req) => ok(await wallet.applyVoucher(authOf(req).customerId, req.body.code, req.ip)),
  );
};
