import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { abnDigits, isAbn } from '@storefront/contract/abn';
import { flag } from './lib/env-values.js';
import {
  checkImageStorageEnv,
  imageStorageEnvShape,
} from './modules/catalogue-admin/images/image-storage-config.js';
import { mailEnvShape, resolveMailConfig, type MailConfig } from './modules/mail/mail-config.js';
import {
  checkPaymentEnv,
  paymentEnvShape,
  resolvePaymentConfig,
  type PaymentConfig,
} from './modules/payment/payment-config.js';

const list = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

const PRIVATE_NETWORKS = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * Which hops in front may name the client in X-Forwarded-For: none (false), proxies on this machine or a private
 * network (true), or the proxies at these addresses or CIDR ranges. The client's address is the nearest one in
 * the header that is not such a proxy, so a client that writes the header itself names nobody but itself; trusting
 * every hop would take the leftmost entry, which the client writes, and every per-IP limit would fall to it.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): false | string[] => {
    if (['', '0', 'false', 'no', 'off'].includes(v)) return false;
    if (['1', 'true', 'yes', 'on'].includes(v)) return PRIVATE_NETWORKS;
    const proxies = v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = proxies.find((p) => {
      const [address = '', bits, ...rest] = p.split('/');
      const isRange =
        isIP(address) !== 0 && rest.length === 0 && (bits === undefined || /^\d{1,3}$/.test(bits));
      return !isRange && !PRIVATE_NETWORKS.includes(p);
    });
    if (bad === undefined) return proxies;
    ctx.addIssue({
      code: 'custom',
      message: `must be true, false or proxy addresses/CIDRs; "${bad}" is none`,
    });
    return z.NEVER;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // GET /metrics (plugins/metrics.ts): on a port of its own, or on PORT behind this bearer token; neither, not served.
  METRICS_PORT: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).optional(),
  ),
  METRICS_TOKEN: z
    .string()
    .min(16, { error: 'must be at least 16 characters' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** How long a starting process waits for PostgreSQL to answer before it gives up (db/until-database-answers.ts). */
  DATABASE_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** How long a process told to stop (SIGTERM) lets the requests it has finish before it drops them (server.ts). */
  DRAIN_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  DATA_DIR: z.string().min(1).default('./data'),
  API_BASE_URL: z.union([z.literal(''), z.url({ error: 'must be a URL or empty' })]).default(''),
  // Browsers refuse `Access-Control-Allow-Origin: *` on requests sent with credentials, as the web app's are.
  CORS_ORIGINS: list
    .refine((origins) => !origins.includes('*'), {
      error: 'name each origin: * cannot be used, the store sends credentials',
    })
    .default([]),
  TRUST_PROXY: trustProxy.default(false),
  SESSION_TTL_MINUTES: z.coerce.number().int().min(2).max(525600).default(10080),
  // However often a session is renewed, it ends this long after sign-in (OWASP's absolute timeout).
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SESSION_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(300),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: 'must be a redis:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SEED_DEMO: flag.optional(),
  // Owners and managers must set up two-factor sign-in before any change; the demo store turns it off.
  STAFF_MFA_REQUIRED: flag.optional(),
  ADMIN_DIST_DIR: z.string().optional(),
  SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  AUTH_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  AUTH_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  AUTH_LIMIT_UNTRUSTED_PER_ACCOUNT: z.coerce.number().int().min(1).default(20),
  AUTH_LIMIT_PER_DEVICE: z.coerce.number().int().min(1).default(10),
  AUTH_LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_ISSUERS: list.default(['accounts.google.com', 'https://accounts.google.com']),
  GOOGLE_JWKS: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  DEBUG_CONSOLE: flag.default(false),
  APP_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  WEB_DIST_DIR: z.string().optional(),
  UNPAID_ORDER_MINUTES: z.coerce.number().int().min(1).max(10080).default(30),
  // Orders a customer may have awaiting payment at once: each holds its stock and delivery window place until paid
  // or expired, so without a cap one customer could empty a shelf or fill the week's windows with orders never paid.
  UNPAID_ORDERS_MAX: z.coerce.number().int().min(1).max(1_000_000).default(3),
  CATALOG_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  // The shop's ABN: with it, a paid order's page and mails are its tax invoice (docs/decisions/0005).
  STORE_ABN: z
    .string()
    .refine(isAbn, { error: 'must be an ABN: 11 digits that pass the ABR check' })
    .transform(abnDigits)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ...paymentEnvShape,
  ...mailEnvShape,
  ...imageStorageEnvShape,
});

export type Env = z.infer<typeof envSchema>;

export type Config = Omit<Env, 'SEED_DEMO' | 'STAFF_MFA_REQUIRED'> & {
  SEED_DEMO: boolean;
  STAFF_MFA_REQUIRED: boolean;
  DATA_DIR: string;
  payments: PaymentConfig;
  mail: MailConfig;
};

export class ConfigError extends Error {}

/**
 * What a real deployment cannot do without, refused at start rather than noticed later: with live payments or in
 * production on PostgreSQL, PUBLIC_URL (mailed links and providers' return addresses would name localhost); in
 * production on PostgreSQL, APP_SECRET (every process sharing the database must sign with the same secret, chosen
 * on purpose; only development and the embedded database keep one generated in the database).
 */
function checkDeploymentEnv(env: z.infer<typeof envSchema>, ctx: z.RefinementCtx): void {
  const isLive =
    (env.PAYPAL_CLIENT_ID !== undefined && env.PAYPAL_ENVIRONMENT === 'live') ||
    (env.AFTERPAY_MERCHANT_ID !== undefined && env.AFTERPAY_ENVIRONMENT === 'live');
  const isProductionPostgres = env.NODE_ENV === 'production' && env.DATABASE_URL !== undefined;
  if (env.PUBLIC_URL === undefined && (isLive || isProductionPostgres)) {
    const why = isLive ? 'a live PayPal or Afterpay account is configured' : 'in production on PostgreSQL';
    ctx.addIssue({
      code: 'custom',
      path: ['PUBLIC_URL'],
      message: `is required when ${why}: set it to the store's address as customers reach it`,
    });
  }
  if (env.APP_SECRET === undefined && isProductionPostgres) {
    ctx.addIssue({
      code: 'custom',
      path: ['APP_SECRET'],
      message:
        'is required in production on PostgreSQL: give every process the same secret (32+ characters, e.g. `openssl rand -base64 48`)',
    });
  }
}

/** Parses the environment once; a bad value names the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema
    .superRefine(checkPaymentEnv)
    .superRefine(checkImageStorageEnv)
    .superRefine(checkDeploymentEnv)
    .safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const cfg = parsed.data;
  if (cfg.GOOGLE_JWKS !== undefined) {
    try {
      JSON.parse(cfg.GOOGLE_JWKS);
    } catch {
      throw new ConfigError('Invalid configuration:\n  GOOGLE_JWKS: must be a JSON Web Key Set');
    }
  }
  const embeddedDatabase = cfg.DATABASE_URL === undefined;
  const seedDemo = cfg.SEED_DEMO ?? embeddedDatabase;
  return {
    ...cfg,
    DATA_DIR: path.resolve(cfg.DATA_DIR),
    SEED_DEMO: seedDemo,
    STAFF_MFA_REQUIRED: cfg.STAFF_MFA_REQUIRED ?? !(embeddedDatabase && seedDemo),
    mail: resolveMailConfig(cfg, path.resolve(cfg.DATA_DIR)),
    payments: resolvePaymentConfig(cfg, {
      demoStore: embeddedDatabase && seedDemo,
      defaultPublicUrl: `http://localhost:${cfg.PORT}`,
    }),
  };
}
