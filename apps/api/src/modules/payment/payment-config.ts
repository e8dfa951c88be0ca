/**
 * The payment part of the environment, to merge into config.ts: spread `paymentEnvShape` into its object, add
 * `.superRefine(checkPaymentEnv)`, and build the providers' settings with `resolvePaymentConfig`.
 */
import { z } from 'zod';
import { flag } from '../../lib/env-values.js';
import { AFTERPAY_API_BASES, AFTERPAY_CONFIG_REFRESH_MS } from './afterpay-provider.js';
import { PAYPAL_API_BASES } from './paypal-provider.js';

const secret = z
  .string()
  .trim()
  .min(1)
  .optional()
  .or(z.literal('').transform(() => undefined));

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .optional()
  .or(z.literal('').transform(() => undefined));

export const paymentEnvShape = {
  PAYMENTS_DEMO: flag.optional(),
  PAYMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  PUBLIC_URL: httpUrl,
  PAYPAL_CLIENT_ID: secret,
  PAYPAL_CLIENT_SECRET: secret,
  PAYPAL_ENVIRONMENT: z.enum(['sandbox', 'live'], { error: 'must be sandbox or live' }).default('sandbox'),
  PAYPAL_API_BASE: httpUrl,
  PAYPAL_BRAND_NAME: z.string().trim().min(1).max(127).optional(),
  /** The id PayPal gave the store's webhook (its dashboard, "Webhooks"); without it the webhook route is not served. */
  PAYPAL_WEBHOOK_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,50}$/, { error: 'must be the webhook id PayPal shows (letters and digits)' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  AFTERPAY_MERCHANT_ID: secret,
  AFTERPAY_SECRET_KEY: secret,
  AFTERPAY_ENVIRONMENT: z.enum(['sandbox', 'live'], { error: 'must be sandbox or live' }).default('sandbox'),
  AFTERPAY_API_BASE: httpUrl,
  AFTERPAY_CONFIG_REFRESH_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 86_400)
    .default(AFTERPAY_CONFIG_REFRESH_MS / 1000),
};

const paymentEnvObject = z.object(paymentEnvShape);
export type PaymentEnv = z.infer<typeof paymentEnvObject>;

/** Settings that only make sense together; each issue names the variable to fix. */
export function checkPaymentEnv(env: PaymentEnv, ctx: z.RefinementCtx): void {
  const pairs = [
    ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'],
    ['AFTERPAY_MERCHANT_ID', 'AFTERPAY_SECRET_KEY'],
  ] as const;
  for (const [a, b] of pairs) {
    if (env[a] !== undefined && env[b] === undefined) {
      ctx.addIssue({ code: 'custom', path: [b], message: `is required when ${a} is set` });
    }
    if (env[b] !== undefined && env[a] === undefined) {
      ctx.addIssue({ code: 'custom', path: [a], message: `is required when ${b} is set` });
    }
  }
  if (env.PAYPAL_WEBHOOK_ID !== undefined && env.PAYPAL_CLIENT_ID === undefined) {
    // The webhook's events are checked with PayPal itself, which takes the store's client credentials.
    ctx.addIssue({
      code: 'custom',
      path: ['PAYPAL_WEBHOOK_ID'],
      message: 'needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET: PayPal verifies each event with them',
    });
  }
  for (const name of ['PAYPAL_API_BASE', 'AFTERPAY_API_BASE', 'PUBLIC_URL'] as const) {
    const value = env[name];
    // Zod runs refinements even after a field failed, so the value may not be a URL at all.
    if (value !== undefined && URL.canParse(value) && !isHttpsOrLocal(value)) {
      ctx.addIssue({ code: 'custom', path: [name], message: 'must use https (http only for localhost)' });
    }
  }
  if (env.PUBLIC_URL !== undefined && URL.canParse(env.PUBLIC_URL) && !isOriginOnly(env.PUBLIC_URL)) {
    // The web app is built for `/` (its pages, scripts and API calls are addressed from the root), so a store
    // reached under a path would mail links to pages that cannot load: refused rather than started half-working.
    ctx.addIssue({
      code: 'custom',
      path: ['PUBLIC_URL'],
      message: `must be the store's address without a path, query or fragment (${new URL(env.PUBLIC_URL).origin}): the web app is served at / only and cannot run under a path`,
    });
  }
  const hasLiveAccount =
    (env.PAYPAL_CLIENT_ID !== undefined && env.PAYPAL_ENVIRONMENT === 'live') ||
    (env.AFTERPAY_MERCHANT_ID !== undefined && env.AFTERPAY_ENVIRONMENT === 'live');
  if (env.PAYMENTS_DEMO === true && hasLiveAccount) {
    // The demo provider marks orders paid without money moving: never beside a live account.
    ctx.addIssue({
      code: 'custom',
      path: ['PAYMENTS_DEMO'],
      message: 'cannot be on while a live PayPal or Afterpay account is configured',
    });
  }
}

export const paymentEnvSchema = paymentEnvObject.superRefine(checkPaymentEnv);

export interface PayPalSettings {
  clientId: string;
  clientSecret: string;
  apiBase: string;
  brandName?: string;
  /** PAYPAL_WEBHOOK_ID; the webhook route is served only with it. */
  webhookId?: string;
}

export interface AfterpaySettings {
  merchantId: string;
  secretKey: string;
  apiBase: string;
  /** How often the server reads Afterpay's configuration (its order limits) again. */
  configRefreshMs: number;
}

export interface PaymentConfig {
  demo: boolean;
  timeoutMs: number;
  /**
   * The store's origin as customers reach it (no path: refused at start): mailed links, provider return URLs
   * (`storeUrl`, lib/store-url.ts) and Afterpay's User-Agent are built on it.
   */
  publicUrl: string;
  paypal: PayPalSettings | null;
  afterpay: AfterpaySettings | null;
}

/**
 * The demo provider, which lets customers approve their own payments, is on by default only for the demo store (the
 * embedded database with its demo data, as `npm start` runs) and only while no real provider is configured: a shop
 * on the embedded database without demo data takes no money it was not paid. PAYMENTS_DEMO overrides that either way.
 */
export function resolvePaymentConfig(
  env: PaymentEnv,
  options: { demoStore: boolean; defaultPublicUrl: string },
): PaymentConfig {
  const paypal: PayPalSettings | null =
    env.PAYPAL_CLIENT_ID !== undefined && env.PAYPAL_CLIENT_SECRET !== undefined
      ? {
          clientId: env.PAYPAL_CLIENT_ID,
          clientSecret: env.PAYPAL_CLIENT_SECRET,
          apiBase: env.PAYPAL_API_BASE ?? PAYPAL_API_BASES[env.PAYPAL_ENVIRONMENT],
          ...(env.PAYPAL_BRAND_NAME ? { brandName: env.PAYPAL_BRAND_NAME } : {}),
          ...(env.PAYPAL_WEBHOOK_ID ? { webhookId: env.PAYPAL_WEBHOOK_ID } : {}),
        }
      : null;
  const afterpay: AfterpaySettings | null =
    env.AFTERPAY_MERCHANT_ID !== undefined && env.AFTERPAY_SECRET_KEY !== undefined
      ? {
          merchantId: env.AFTERPAY_MERCHANT_ID,
          secretKey: env.AFTERPAY_SECRET_KEY,
          apiBase: env.AFTERPAY_API_BASE ?? AFTERPAY_API_BASES[env.AFTERPAY_ENVIRONMENT],
          configRefreshMs: env.AFTERPAY_CONFIG_REFRESH_SECONDS * 1000,
        }
      : null;
  return {
    demo: env.PAYMENTS_DEMO ?? (options.demoStore && paypal === null && afterpay === null),
    timeoutMs: env.PAYMENT_TIMEOUT_MS,
    publicUrl: (env.PUBLIC_URL ?? options.defaultPublicUrl).replace(/\/+$/, ''),
    paypal,
    afterpay,
  };
}

function isOriginOnly(value: string): boolean {
  const url = new URL(value);
  return url.pathname === '/' && url.search === '' && url.hash === '';
}

function isHttpsOrLocal(value: string): boolean {
  const url = new URL(value);
  return url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}
