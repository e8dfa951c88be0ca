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

export const walletRoutes: FastifyPluginAsyncZod<{ wallet: WalletService }> = async (app, { wallet }) => {
  const { signedIn } = routeOptions(app, ['wallet']);

  app.get('/customer/credits', signedIn({ querystring: creditsQuery }, credits), async (req) =>
    ok(await wallet.credits(customerIdOf(req), req.query)),
  );

  app.get(
    '/customer/coupon/package',
    signedIn({ querystring: couponPackageQuery }, couponPackage),
    async (req) => ok(await wallet.couponPackage(customerIdOf(req), req.query.status)),
  );

  app.post('/customer/apply-voucher', signedIn({ body: applyVoucherBody }, applyVoucherResult), async (req) =>
    ok(await wallet.applyVoucher(customerIdOf(req), req.body.code, clientIp(req))),
  );
};
