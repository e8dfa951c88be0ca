import { fileURLToPath } from 'node:url';
import path from 'node:path';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { ProductFacets, ProductList, ProductSuggestions } from '@storefront/contract/catalog';
import { RUNTIME_CONFIG_GLOBAL, type RuntimeConfig } from '@storefront/contract/runtime-config';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { loadSigningSecret } from './db/app-settings.js';
import { AppError } from './lib/app-error.js';
import { createResponseSerializerCompiler } from './lib/response-serializer.js';
import { createSigner } from './lib/signing.js';
import { refuseUndeclaredInputs } from './lib/reply.js';
import authPlugin from './plugins/auth.js';
import staffAuthPlugin from './plugins/staff-auth.js';
import corsPlugin from './plugins/cors.js';
import docsPlugin from './plugins/docs.js';
import errorsPlugin, { clientErrorHandler, frameworkErrors } from './plugins/errors.js';
import securityHeadersPlugin from './plugins/security-headers.js';
import admissionPlugin from './plugins/admission.js';
import spaPlugin from './plugins/spa.js';
import metricsPlugin from './plugins/metrics.js';
import requestLogPlugin, { requestIdOf } from './plugins/request-log.js';
import healthRoutes from './plugins/health.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { createAccountService } from './modules/account/account.service.js';
import { createGoogleVerifier } from './modules/account/google.js';
import { createSessionService } from './modules/account/session.service.js';
import { AUTH_CHANNEL, createSessionCache } from './modules/account/session-cache.js';
import { cartRoutes } from './modules/cart/cart.routes.js';
import { createCartService } from './modules/cart/cart.service.js';
import { catalogRoutes } from './modules/catalog/catalog.routes.js';
import { createCatalogService } from './modules/catalog/catalog.service.js';
import { createListingCache } from './modules/catalog/listing-cache.js';
import { createShippingService } from './modules/shipping/shipping.service.js';
import { shippingRoutes } from './modules/shipping/shipping.routes.js';
import { createWishlistService } from './modules/wishlist/wishlist.service.js';
import { wishlistRoutes } from './modules/wishlist/wishlist.routes.js';
import { createShoppingListService } from './modules/shopping-list/shopping-list.service.js';
import { shoppingListRoutes } from './modules/shopping-list/shopping-list.routes.js';
import { usualsRoutes } from './modules/usuals/usuals.routes.js';
import { addressRoutes } from './modules/address/address.routes.js';
import { createAddressService } from './modules/address/address.service.js';
import { deliveryRoutes } from './modules/delivery/delivery.routes.js';
import { createDeliveryService } from './modules/delivery/delivery.service.js';
import { emailVerificationRoutes } from './modules/email-verification/email-verification.routes.js';
import { createEmailVerification } from './modules/email-verification/email-verification.service.js';
import { createMailTransport } from './modules/mail/mail-transport.js';
import { contactAddressOf } from './modules/mail/mail-config.js';
import { createMailWorker, type MailWorker } from './modules/mail/mail-worker.js';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes.js';
import { passwordResetRoutes } from './modules/password-reset/password-reset.routes.js';
import { createPasswordReset } from './modules/password-reset/password-reset.service.js';
import { createIssueWriter } from './modules/newsletter/newsletter-issue.js';
import { createNewsletterService } from './modules/newsletter/newsletter.service.js';
import { withdrawIfOffTheList } from './modules/newsletter/newsletter.repo.js';
import { orderRoutes } from './modules/order/order.routes.js';
import { createOrderPayments } from './modules/order/order-payment.service.js';
import { createDbDemoPaymentStore } from './modules/payment/demo-payment.repo.js';
import { createPaymentProviders } from './modules/payment/payment-providers.js';
import { paymentRoutes } from './modules/payment/payment.routes.js';
import { createPaymentService } from './modules/payment/payment.service.js';
import { createOrderService } from './modules/order/order.service.js';
import { suburbRoutes } from './modules/suburb/suburb.routes.js';
import { createSuburbService } from './modules/suburb/suburb.service.js';
import { walletRoutes } from './modules/wallet/wallet.routes.js';
import { ADMIN_API_PREFIX, ADMIN_APP_PATH } from '@storefront/contract/staff';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { AFTERPAY_CONFIG_REFRESH_MS } from './modules/payment/afterpay-provider.js';
import { keepAfterpayConfigurationFresh } from './modules/payment/payment-providers.js';
import { paypalWebhookRoutes } from './modules/payment/webhooks/paypal-webhook.routes.js';
import { CATALOG_CHANNEL } from './modules/catalogue-admin/catalog-changes.js';
import { createRatesCache, SHIPPING_CHANNEL } from './modules/shipping/rates-cache.js';
import { catalogueAdminRoutes } from './modules/catalogue-admin/catalogue-admin.routes.js';
import { productImageFileRoutes } from './modules/catalogue-admin/images/image-files.routes.js';
import { productImageRoutes } from './modules/catalogue-admin/images/images.routes.js';
import { productImageStorage } from './modules/catalogue-admin/images/image-storage-config.js';
import { productImportRoutes } from './modules/catalogue-admin/import/import.routes.js';
import { customersAdminRoutes } from './modules/customers-admin/customers-admin.routes.js';
import { deliveryAdminRoutes } from './modules/delivery-admin/delivery-admin.routes.js';
import { offersAdminRoutes } from './modules/offers-admin/offers-admin.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { fulfilmentRoutes } from './modules/fulfilment/fulfilment.routes.js';
import { createFulfilmentService } from './modules/fulfilment/fulfilment.service.js';
import { createStaffService, type StaffService } from './modules/staff/staff.service.js';
import { staffRoutes } from './modules/staff/staff.routes.js';
import { createThrottle } from './modules/throttle/throttle.service.js';
import { createWalletService } from './modules/wallet/wallet.service.js';

export type AppOptions = {
  config: Config;
  database: Database;
  /** The time the app believes it is; tests move it to expire sessions. */
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
};

const BODY_LIMIT = 64 * 1024;
/** The JSON API; the interactive docs beside it (/api/docs) are pages. */
const API_PREFIX = '/api/v1/';
/** The back office's API (`ADMIN_API_PREFIX`, /api/admin/v1), with its own sessions. */
const ADMIN_PREFIX = `${ADMIN_API_PREFIX}/`;
const isApiUrl = (url: string) => url.startsWith(API_PREFIX) || url.startsWith(ADMIN_PREFIX);
const HEALTH_PREFIX = `${API_PREFIX}health`;
/** Requests at work at once on the embedded database's one connection; the rest wait in arrival order. */
const PGLITE_CONCURRENCY = 4;
/** Signed-in sessions kept in memory at most (a few hundred bytes each). */
const SESSION_CACHE_ENTRIES = 50_000;

export const defaultWebRoot = fileURLToPath(new URL('../../web/dist', import.meta.url));
export const defaultAdminRoot = fileURLToPath(new URL('../../admin/dist', import.meta.url));

export async function buildApp({ config, database, now = () => new Date(), logger = false }: AppOptions) {
  const app = Fastify({
    logger,
    bodyLimit: BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    // genReqId reads X-Request-Id itself, and takes it only when it is well formed.
    requestIdHeader: false,
    // Fastify's own answer while closing has no envelope; the hook below gives the catalogue's 503 instead.
    return503OnClosing: false,
    genReqId: requestIdOf,
    // A path parameter is an id or a search word: one of a few hundred characters is a bad one, answered 400 naming
    // it by its schema; only beyond this is the address itself refused (414).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    frameworkErrors,
    clientErrorHandler,
    // Two info lines per request cost more than a cheap route itself; plugins/request-log.ts writes one instead.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    createResponseSerializerCompiler({ checkContract: config.NODE_ENV !== 'production' }),
  );

  // External plugins.
  await app.register(errorsPlugin);
  await app.register(requestLogPlugin);
  await app.register(metricsPlugin, {
    database,
    host: config.HOST,
    port: config.METRICS_PORT,
    token: config.METRICS_TOKEN,
  });
  // Closing (SIGTERM): a request that still arrives on a kept-alive connection is told to come back, in the
  // envelope; Fastify has already asked for the connection to be closed after it.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (req, _reply, done) => {
    // Health still answers while closing: live says the process is up, ready says it is draining (plugins/health.ts).
    if (closing && isApiUrl(req.url) && !req.url.startsWith(HEALTH_PREFIX))
      done(new AppError('UNAVAILABLE', undefined, { retryAfterSeconds: 1 }));
    else done();
  });
  // A request under way when closing began is answered with `Connection: close` too: Node ends every connection
  // once it is idle, and a client told keep-alive would send its next request down one that is going away.
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  const apiOrigin = config.API_BASE_URL ? new URL(config.API_BASE_URL).origin : null;
  await app.register(securityHeadersPlugin, {
    apiPrefixes: [API_PREFIX, ADMIN_PREFIX],
    helmet: {
      contentSecurityPolicy: {
        directives: {
          'script-src': ["'self'", 'https://accounts.google.com'],
          'style-src': ["'self'", "'unsafe-inline'", 'https://accounts.google.com'],
          'img-src': ["'self'", 'data:', 'blob:', 'https:'],
          'connect-src': ["'self'", 'https://accounts.google.com', ...(apiOrigin ? [apiOrigin] : [])],
          'frame-src': ["'self'", 'https://accounts.google.com'],
          // The store is often run on plain http (localhost, behind a TLS-terminating proxy): don't rewrite to https.
          'upgrade-insecure-requests': null,
        },
      },
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    },
  });
  await app.register(corsPlugin, {
    // An empty list still answers preflights (204, with no Access-Control-Allow-Origin), so a browser is told no.
    origins: config.CORS_ORIGINS,
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    // Every header the web app sends (lib/http/axios-client.ts; Idempotency-Key on checkout, payment and the cart merge).
    allowedHeaders: ['Authorization', 'Content-Type', 'Cache-Control', 'X-Requested-With', 'Idempotency-Key'],
    exposedHeaders: ['Authorization'],
  });
  // Commands fail at once while Redis is unreachable instead of queueing behind the reconnect, and the limiter
  // then lets requests through: a Redis outage must not take the store down (sign-in limits live in PostgreSQL).
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, {
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        // Requests arriving together share one write to Redis instead of a syscall (and a wake-up) each.
        enableAutoPipelining: true,
        connectTimeout: 2_000,
      })
    : undefined;
  redis?.on('error', () => undefined);
  if (redis) await waitForRedis(redis, 2_000);
  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_PER_MINUTE,
    timeWindow: 60_000,
    // @fastify/rate-limit's own Redis store: one atomic script per request, shared by every process.
    ...(redis ? { redis, nameSpace: 'storefront-rl:', skipOnError: true } : {}),
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });
  await app.register(docsPlugin, {
    serverUrl: config.PUBLIC_URL === undefined ? '/' : config.payments.publicUrl,
    contactEmail: contactAddressOf(config.mail.from),
  });
  if (database.kind === 'pglite') {
    await app.register(admissionPlugin, {
      concurrency: PGLITE_CONCURRENCY,
      skip: (url) => url.startsWith(HEALTH_PREFIX),
    });
  }

  // App plugins.
  const signer = createSigner(await loadSigningSecret(database.db, config.APP_SECRET));
  const sessionCache = createSessionCache({
    ttlMs: config.SESSION_CACHE_SECONDS * 1000,
    maxEntries: SESSION_CACHE_ENTRIES,
    now: () => now().getTime(),
  });
  const authNotifications = await database.listen(AUTH_CHANNEL, {
    message: (payload) => sessionCache.onNotification(payload),
    live: (isLive) => sessionCache.setLive(isLive),
  });
  app.decorate('authChangesHeard', () => authNotifications.sync());
  const sessions = createSessionService(database.db, {
    ttlMs: config.SESSION_TTL_MINUTES * 60_000,
    maxMs: config.SESSION_MAX_DAYS * 24 * 60 * 60_000,
    graceMs: config.SESSION_GRACE_SECONDS * 1000,
    now,
    cache: sessionCache,
  });
  await app.register(authPlugin, { sessions });
  // Uploaded product images, outside /api: named by their content, cached for a year.
  const imageStorage = await productImageStorage(config);
  await app.register(productImageFileRoutes, { storage: imageStorage });
  await app.register(spaPlugin, {
    root: path.resolve(config.WEB_DIST_DIR ?? defaultWebRoot),
    adminRoot: path.resolve(config.ADMIN_DIST_DIR ?? defaultAdminRoot),
    adminPath: ADMIN_APP_PATH,
  });

  // Routes.
  const runtimeConfig: RuntimeConfig = {
    apiBaseUrl: config.API_BASE_URL,
    debugConsole: config.DEBUG_CONSOLE,
    googleClientId: config.GOOGLE_CLIENT_ID ?? null,
    storeAbn: config.STORE_ABN ?? null,
    contactEmail: contactAddressOf(config.mail.from),
  };
  app.get('/config.json', { schema: { hide: true } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return runtimeConfig;
  });
  app.get('/config.js', { schema: { hide: true } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store').type('text/javascript; charset=utf-8');
    return `window.${RUNTIME_CONFIG_GLOBAL} = ${JSON.stringify(runtimeConfig)};\n`;
  });

  const throttle = createThrottle(database.db, {
    limits: {
      perIp: config.AUTH_LIMIT_PER_IP,
      perAccount: config.AUTH_LIMIT_PER_ACCOUNT,
      untrustedPerAccount: config.AUTH_LIMIT_UNTRUSTED_PER_ACCOUNT,
      perDevice: config.AUTH_LIMIT_PER_DEVICE,
    },
    windowMs: config.AUTH_LIMIT_WINDOW_MINUTES * 60_000,
    now,
  });
  // Mail leaves through the outbox: written in the transaction that causes it, sent by the worker (server.ts).
  const mailTransport = createMailTransport(config.mail);
  app.decorate(
    'mailWorker',
    createMailWorker(database.db, mailTransport, {
      now,
      log: app.log,
      // A newsletter's mail waiting in the outbox is not sent once its address has left the list.
      withdraw: (mail) => withdrawIfOffTheList(database.db, mail),
    }),
  );
  const publicUrl = config.payments.publicUrl;
  const passwordReset = createPasswordReset(database.db, {
    throttle,
    publicUrl,
    scryptLogN: config.SCRYPT_LOG_N,
    now,
    sessionsEnded: (customerId) => sessions.forgetCustomer(customerId),
    signer,
    log: app.log,
  });
  app.decorate('passwordResetLinksWritten', () => passwordReset.linksWritten());
  const verification = createEmailVerification(database.db, { throttle, publicUrl, now });

  const account = createAccountService(
    database.db,
    sessions,
    createGoogleVerifier({
      clientId: config.GOOGLE_CLIENT_ID,
      issuers: config.GOOGLE_ISSUERS,
      jwks: config.GOOGLE_JWKS,
      jwksUrl: config.GOOGLE_JWKS_URL,
      now,
    }),
    signer,
    throttle,
    {
      scryptLogN: config.SCRYPT_LOG_N,
      now,
      onRegistered: (tx, customer) => verification.mailLink(tx, customer, 'registration'),
    },
  );

  const providers = createPaymentProviders(config.payments, {
    demoStore: createDbDemoPaymentStore(database.db),
  });
  // Afterpay's order limits are read at start and then daily, never on a customer's request.
  const afterpayRefresh = providers.afterpay
    ? keepAfterpayConfigurationFresh(providers.afterpay, {
        everyMs: config.payments.afterpay?.configRefreshMs ?? AFTERPAY_CONFIG_REFRESH_MS,
        log: app.log,
      })
    : undefined;
  await afterpayRefresh?.first;
  app.decorate('refreshAfterpayConfiguration', async () => {
    await providers.afterpay?.refreshConfiguration();
  });
  const payments = createPaymentService(database.db, providers, config.payments, now, app.log);
  const orderMail = {
    publicUrl: config.payments.publicUrl,
    unpaidMinutes: config.UNPAID_ORDER_MINUTES,
    abn: config.STORE_ABN ?? null,
  };
  const catalogCache = { ttlMs: config.CATALOG_CACHE_MS, now: () => now().getTime(), startLive: false };
  const listings = createListingCache<ProductList>(catalogCache);
  // The header's suggestions (a key per keystroke, so more of them) and the shop's filters are kept alike.
  const suggestions = createListingCache<ProductSuggestions>({ ...catalogCache, maxEntries: 2000 });
  const facets = createListingCache<ProductFacets>(catalogCache);
  const catalogCaches = [listings, suggestions, facets];
  // A staff change of products (catalogue-admin/catalog-changes.ts) clears every process's listings at once.
  const catalogNotifications = await database.listen(CATALOG_CHANNEL, {
    message: () => catalogCaches.forEach((cache) => cache.clear()),
    live: (isLive) => catalogCaches.forEach((cache) => cache.setLive(isLive)),
  });
  app.decorate('catalogChangesHeard', () => catalogNotifications.sync());
  // Every checkout prices with the zones' rates: kept in memory, cleared in every process when the shipping tables'
  // trigger announces a change (migration 0035).
  const rates = createRatesCache(database.db, () => now().getTime());
  const shippingNotifications = await database.listen(SHIPPING_CHANNEL, {
    message: () => rates.clear(),
    live: (isLive) => rates.setLive(isLive),
  });
  app.decorate('shippingChangesHeard', () => shippingNotifications.sync());
  const orders = createOrderService(database.db, {
    now,
    rates: () => rates.read(),
    payments,
    log: app.log,
    mail: orderMail,
    maxUnpaid: config.UNPAID_ORDERS_MAX,
    onStockChanged: () => catalogCaches.forEach((cache) => cache.clear()),
    settleTakenPayments: (customerId, orderId) => orderPayments.settleTakenPayments(customerId, orderId),
  });
  const orderPayments = createOrderPayments(database.db, {
    payments,
    demo: providers.demo,
    replaceToken: ({ sessionId, customerId }) => sessions.replace(sessionId, customerId),
    cancelUnpaid: (order) => orders.cancelUnpaid(order),
    unpaidMs: config.UNPAID_ORDER_MINUTES * 60_000,
    now,
    log: app.log,
    mail: orderMail,
  });
  // Rounds of the store's clock on unpaid orders and owed refunds; server.ts runs them every minute.
  app.decorate('expireUnpaidOrders', () => orderPayments.expireUnpaid());
  app.decorate('refundOwed', () => orderPayments.refundOwed());

  const newsletter = createNewsletterService(database.db, {
    signer,
    throttle,
    publicUrl,
    mailFrom: config.mail.from,
    abn: config.STORE_ABN ?? null,
    now,
  });
  // The weekly issue, when one is due; server.ts runs it every few minutes.
  app.decorate(
    'writeNewsletterIssue',
    createIssueWriter(database.db, { now, linksFor: newsletter.linksFor, publicUrl }),
  );

  const staff = createStaffService(database.db, throttle, {
    scryptLogN: config.SCRYPT_LOG_N,
    now,
    publicUrl,
    mfaRequired: config.STAFF_MFA_REQUIRED,
  });
  app.decorate('staff', staff);
  await app.register(staffAuthPlugin, { staff, prefix: ADMIN_API_PREFIX });

  await app.register(
    async (api) => {
      api.addHook('onRoute', refuseUndeclaredInputs);
      await api.register(healthRoutes, {
        database,
        listeners: [authNotifications, catalogNotifications, shippingNotifications],
      });
      await api.register(accountRoutes, { account });
      const cart = createCartService(database.db, now, { batchAdds: database.kind === 'postgres' });
      await api.register(catalogRoutes, {
        catalog: createCatalogService(database.db, listings, { suggestions, facets }),
      });
      await api.register(cartRoutes, { cart });
      await api.register(wishlistRoutes, { wishlist: createWishlistService(database.db, cart) });
      await api.register(shoppingListRoutes, { lists: createShoppingListService(database.db, cart) });
      await api.register(usualsRoutes, { db: database.db });
      await api.register(shippingRoutes, { shipping: createShippingService(database.db, cart) });
      await api.register(suburbRoutes, { suburbs: createSuburbService(database.db) });
      await api.register(addressRoutes, { addresses: createAddressService(database.db) });
      await api.register(passwordResetRoutes, { passwordReset });
      await api.register(emailVerificationRoutes, { verification });
      await api.register(newsletterRoutes, { newsletter });
      await api.register(orderRoutes, { orders });
      await api.register(deliveryRoutes, { delivery: createDeliveryService(database.db, now) });
      await api.register(paymentRoutes, { payments: orderPayments });
      await api.register(paypalWebhookRoutes, {
        db: database.db,
        paypal: providers.paypal,
        settle: {
          captureSettled: (capture) => orderPayments.captureSettledAtProvider(capture),
          refundSettled: (refund) => orderPayments.refundSettledAtProvider(refund),
        },
        log: app.log,
        now,
      });
      await api.register(walletRoutes, { wallet: createWalletService(database.db, throttle, now) });
    },
    { prefix: API_PREFIX.slice(0, -1) },
  );
  await app.register(
    async (admin) => {
      admin.addHook('onRoute', refuseUndeclaredInputs);
      await admin.register(staffRoutes, { staff });
      await admin.register(auditRoutes, { db: database.db });
      await admin.register(dashboardRoutes, { db: database.db, now });
      await admin.register(catalogueAdminRoutes, { db: database.db, now });
      await admin.register(productImportRoutes, { db: database.db, now });
      await admin.register(productImageRoutes, { db: database.db, now, storage: imageStorage });
      await admin.register(deliveryAdminRoutes, { db: database.db, now });
      await admin.register(offersAdminRoutes, { db: database.db, now });
      await admin.register(customersAdminRoutes, {
        db: database.db,
        now,
        sessions,
        verification,
        passwordReset,
      });
      await admin.register(fulfilmentRoutes, {
        fulfilment: createFulfilmentService(database.db, {
          now,
          orders,
          payments,
          mail: orderMail,
          log: app.log,
        }),
      });
    },
    { prefix: ADMIN_API_PREFIX },
  );

  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });

  app.addHook('onClose', async () => {
    afterpayRefresh?.stop();
    await passwordReset.linksWritten();
    await authNotifications.close();
    await catalogNotifications.close();
    await shippingNotifications.close();
    mailTransport.close();
    // quit() needs a live connection; a Redis that is away is simply let go.
    if (redis?.status === 'ready') await redis.quit();
    else redis?.disconnect();
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module 'fastify' {
  interface FastifyInstance {
    expireUnpaidOrders: () => Promise<{ cancelled: number; paid: number }>;
    refundOwed: () => Promise<{ refunded: number; failed: number; unsettled: number }>;
    /** Writes the newsletter issue due, once (newsletter/newsletter-issue.ts); null when none is due. */
    writeNewsletterIssue: () => Promise<{ issueDate: string; recipients: number } | null>;
    /** Sends the outbox; server.ts runs it, tests call `sendDue()` when they want the mail out. */
    mailWorker: MailWorker;
    /** The staff side's accounts and sessions (the `npm run staff` command and tests add members through it). */
    staff: StaffService;
    /** Resolves once every session or customer change committed before the call has reached the session cache. */
    authChangesHeard: () => Promise<void>;
    /** Reads Afterpay's order limits now (they are otherwise read at start and daily). */
    refreshAfterpayConfiguration: () => Promise<void>;
    /** Resolves once every reset link `password/forgot` answered for is written (they are written after it). */
    passwordResetLinksWritten: () => Promise<void>;
    /** Resolves once every catalogue change committed before the call has cleared this process's listings. */
    catalogChangesHeard: () => Promise<void>;
    /** Resolves once every change of rates or zones committed before the call has cleared this process's rates. */
    shippingChangesHeard: () => Promise<void>;
  }
}

/** Gives Redis a moment to connect at start, so the first requests are counted; starts without it otherwise. */
async function waitForRedis(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    redis.once('ready', done);
  });
}
