import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AfterpayProvider } from './afterpay-provider.js';
import { createMemoryDemoPaymentStore } from './demo-payment-store.js';
import { paymentEnvSchema, resolvePaymentConfig } from './payment-config.js';
import { PaymentProviderError } from './payment-provider.js';
import { createPaymentProviders, keepAfterpayConfigurationFresh } from './payment-providers.js';

const embedded = { demoStore: true, defaultPublicUrl: 'http://localhost:3000' };
const postgres = { demoStore: false, defaultPublicUrl: 'http://localhost:3000' };
const paypal = { PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' };
const afterpay = { AFTERPAY_MERCHANT_ID: '100101', AFTERPAY_SECRET_KEY: 'key' };

function resolve(env: Record<string, string>, options = embedded) {
  return resolvePaymentConfig(paymentEnvSchema.parse(env), options);
}

function issuesFor(env: Record<string, string>): string[] {
  const parsed = paymentEnvSchema.safeParse(env);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('payment configuration', () => {
  it('turns the demo provider on for the embedded database while no provider is configured', () => {
    expect(resolve({})).toMatchObject({ demo: true, paypal: null, afterpay: null, timeoutMs: 10_000 });
    expect(resolve({}, postgres).demo).toBe(false);
  });

  it('turns the demo provider off once PayPal or Afterpay credentials are configured', () => {
    expect(resolve(paypal).demo).toBe(false);
    expect(resolve(afterpay).demo).toBe(false);
  });

  it('lets PAYMENTS_DEMO override the default either way', () => {
    expect(resolve({ ...paypal, PAYMENTS_DEMO: 'true' }).demo).toBe(true);
    expect(resolve({ PAYMENTS_DEMO: 'off' }).demo).toBe(false);
    expect(resolve({ PAYMENTS_DEMO: 'yes' }, postgres).demo).toBe(true);
  });

  it('uses the sandbox hosts by default, the live ones on request, and an explicit API base over both', () => {
    expect(resolve({ ...paypal, ...afterpay })).toMatchObject({
      paypal: { apiBase: 'https://api-m.sandbox.paypal.com' },
      afterpay: { apiBase: 'https://global-api-sandbox.afterpay.com', configRefreshMs: 86_400_000 },
    });
    expect(
      resolve({ ...paypal, ...afterpay, PAYPAL_ENVIRONMENT: 'live', AFTERPAY_ENVIRONMENT: 'live' }),
    ).toMatchObject({
      paypal: { apiBase: 'https://api-m.paypal.com' },
      afterpay: { apiBase: 'https://global-api.afterpay.com' },
    });
    expect(
      resolve({
        ...paypal,
        ...afterpay,
        PAYPAL_API_BASE: 'http://127.0.0.1:9001',
        AFTERPAY_API_BASE: 'http://localhost:9002',
      }),
    ).toMatchObject({
      paypal: { apiBase: 'http://127.0.0.1:9001' },
      afterpay: { apiBase: 'http://localhost:9002' },
    });
  });

  it('builds return URLs on PUBLIC_URL, else on the address the server listens on', () => {
    expect(resolve({ PUBLIC_URL: 'https://shop.example/' }).publicUrl).toBe('https://shop.example');
    expect(resolve({}).publicUrl).toBe('http://localhost:3000');
  });

  it.each(['https://shop.example/grocer/', 'https://shop.example/grocer', 'https://shop.example/?ref=mail'])(
    'refuses PUBLIC_URL %s: the web app is served at / only, so links under a path would not load',
    (value) => {
      expect(issuesFor({ PUBLIC_URL: value })).toEqual([
        "PUBLIC_URL: must be the store's address without a path, query or fragment (https://shop.example): the web app is served at / only and cannot run under a path",
      ]);
    },
  );

  it('takes PUBLIC_URL as an origin, with or without its trailing slash', () => {
    expect(issuesFor({ PUBLIC_URL: 'https://shop.example' })).toEqual([]);
    expect(issuesFor({ PUBLIC_URL: 'https://shop.example/' })).toEqual([]);
  });

  it('treats empty credentials as not set', () => {
    expect(resolve({ PAYPAL_CLIENT_ID: '', PAYPAL_CLIENT_SECRET: '' }).paypal).toBeNull();
  });

  it.each([
    ['PAYPAL_CLIENT_SECRET', { PAYPAL_CLIENT_ID: 'id' }],
    ['PAYPAL_CLIENT_ID', { PAYPAL_CLIENT_SECRET: 'secret' }],
    ['AFTERPAY_SECRET_KEY', { AFTERPAY_MERCHANT_ID: '100101' }],
    ['AFTERPAY_MERCHANT_ID', { AFTERPAY_SECRET_KEY: 'key' }],
    ['PAYPAL_ENVIRONMENT', { PAYPAL_ENVIRONMENT: 'production' }],
    ['PAYMENT_TIMEOUT_MS', { PAYMENT_TIMEOUT_MS: '10s' }],
    ['PAYPAL_API_BASE', { PAYPAL_API_BASE: 'http://paypal.example' }],
    ['AFTERPAY_API_BASE', { AFTERPAY_API_BASE: 'ftp://afterpay.example' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'not a url' }],
    ['PAYMENTS_DEMO', { PAYMENTS_DEMO: 'true', ...paypal, PAYPAL_ENVIRONMENT: 'live' }],
    ['PAYPAL_WEBHOOK_ID', { ...paypal, PAYPAL_WEBHOOK_ID: 'WH-1 2' }],
    ['PAYPAL_WEBHOOK_ID', { PAYPAL_WEBHOOK_ID: '8PT597110X687430LKGECATA' }],
    ['AFTERPAY_CONFIG_REFRESH_SECONDS', { AFTERPAY_CONFIG_REFRESH_SECONDS: '0' }],
  ])('refuses a bad or missing %s with an issue naming it', (name, env) => {
    const issues = issuesFor(env);
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.every((issue) => issue.startsWith(`${name}:`))).toBe(true);
  });

  it("takes PayPal's webhook id beside its credentials; without it there is no webhook", () => {
    expect(resolve({ ...paypal, PAYPAL_WEBHOOK_ID: '8PT597110X687430LKGECATA' }).paypal).toMatchObject({
      webhookId: '8PT597110X687430LKGECATA',
    });
    expect(resolve({ ...paypal, PAYPAL_WEBHOOK_ID: '' }).paypal).not.toHaveProperty('webhookId');
    const providers = createPaymentProviders(resolve({ ...paypal, PAYPAL_WEBHOOK_ID: 'ABC123' }), {});
    expect(providers.paypal?.hasWebhook).toBe(true);
    expect(createPaymentProviders(resolve(paypal), {}).paypal?.hasWebhook).toBe(false);
  });

  it("reads Afterpay's configuration again daily unless told otherwise", () => {
    expect(resolve({ ...afterpay, AFTERPAY_CONFIG_REFRESH_SECONDS: '3600' }).afterpay).toMatchObject({
      configRefreshMs: 3_600_000,
    });
  });

  it('builds only the configured providers', () => {
    const providers = createPaymentProviders(resolve({ ...afterpay }), {});
    expect([...providers.byName.keys()]).toEqual(['afterpay']);
    expect(providers.demo).toBeNull();

    const withDemo = createPaymentProviders(resolve({}), { demoStore: createMemoryDemoPaymentStore() });
    expect([...withDemo.byName.keys()]).toEqual(['demo']);
    expect(withDemo.demo).toBe(withDemo.byName.get('demo'));
  });

  it('refuses to run the demo provider without a store to keep its payments in', () => {
    expect(() => createPaymentProviders(resolve({}), {})).toThrow(/store/);
  });
});

describe("keeping Afterpay's configuration fresh", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads it at once and then every period, sooner again after a failed read, until stopped', async () => {
    vi.useFakeTimers();
    const refreshConfiguration = vi
      .fn<AfterpayProvider['refreshConfiguration']>()
      .mockRejectedValueOnce(new PaymentProviderError('afterpay', 'unavailable', 'down'))
      .mockResolvedValue({ minimumCents: 100, maximumCents: 200_000, currency: 'AUD' });
    const warn = vi.fn();

    const refresh = keepAfterpayConfigurationFresh(
      { refreshConfiguration },
      { everyMs: 24 * 3600_000, retryMs: 5 * 60_000, log: { warn } },
    );
    await refresh.first;
    expect(refreshConfiguration).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(refreshConfiguration).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(23 * 3600_000);
    expect(refreshConfiguration).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3600_000);
    expect(refreshConfiguration).toHaveBeenCalledTimes(3);

    refresh.stop();
    await vi.advanceTimersByTimeAsync(48 * 3600_000);
    expect(refreshConfiguration).toHaveBeenCalledTimes(3);
  });
});
