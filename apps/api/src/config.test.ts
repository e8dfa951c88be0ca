import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('has working defaults for the embedded store', () => {
    const cfg = loadConfig({});
    expect(cfg).toMatchObject({
      PORT: 3000,
      SEED_DEMO: true,
      SCRYPT_LOG_N: 17,
      API_BASE_URL: '',
      CORS_ORIGINS: [],
    });
    expect(cfg.DATABASE_URL).toBeUndefined();
  });

  it('refuses to start with a PUBLIC_URL under a path, saying why', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://shop.example.com/grocer/' })).toThrow(
      /PUBLIC_URL: must be the store's address without a path.*\(https:\/\/shop\.example\.com\).*served at \/ only/,
    );
  });

  it('turns demo data off by default on PostgreSQL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/shop' }).SEED_DEMO).toBe(false);
  });

  it('offers the demo payment provider only in the demo store: the embedded database with its demo data', () => {
    expect(loadConfig({}).payments.demo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).payments.demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/shop', SEED_DEMO: 'true' }).payments.demo).toBe(
      false,
    );
    expect(loadConfig({ SEED_DEMO: 'false', PAYMENTS_DEMO: 'true' }).payments.demo).toBe(true);
  });

  it('reads lists and flags', () => {
    const cfg = loadConfig({ CORS_ORIGINS: 'https://a.example, https://b.example', DEBUG_CONSOLE: 'on' });
    expect(cfg.CORS_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
    // A browser refuses `*` on a request sent with credentials: the store would start and no call would work.
    expect(() => loadConfig({ CORS_ORIGINS: '*' })).toThrow(/CORS_ORIGINS.*name each origin/);
    expect(cfg.DEBUG_CONSOLE).toBe(true);
    // Customers never get the debug switch over their page unless the store asks for it.
    expect(loadConfig({}).DEBUG_CONSOLE).toBe(false);
  });

  it("keeps the shop's ABN as its eleven digits, and none when it is not set", () => {
    expect(loadConfig({ STORE_ABN: '51 824 753 556' }).STORE_ABN).toBe('51824753556');
    expect(loadConfig({ STORE_ABN: '' }).STORE_ABN).toBeUndefined();
    expect(loadConfig({}).STORE_ABN).toBeUndefined();
  });

  it('trusts X-Forwarded-For from no proxy by default, from private networks when asked, or from the proxies named', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toEqual(['loopback', 'linklocal', 'uniquelocal']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 203.0.113.5, ::1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '203.0.113.5',
      '::1',
    ]);
  });

  it.each([
    ['TRUST_PROXY', { TRUST_PROXY: 'everyone' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/8/1' }],
    ['PORT', { PORT: 'eighty' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://localhost/shop' }],
    ['SESSION_TTL_MINUTES', { SESSION_TTL_MINUTES: '0' }],
    ['SEED_DEMO', { SEED_DEMO: 'maybe' }],
    ['API_BASE_URL', { API_BASE_URL: 'not a url' }],
    ['GOOGLE_JWKS', { GOOGLE_JWKS: '{not json' }],
    ['STORE_ABN', { STORE_ABN: '51 824 753 557' }],
  ])('refuses a bad %s with a message naming it', (name, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});

describe('configuration a deployment cannot do without', () => {
  const postgres = 'postgres://shop@db.internal/shop';
  const secret = 'x'.repeat(32);
  const publicUrl = 'https://shop.example.com';
  const livePayPal = { PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_ENVIRONMENT: 'live' };
  const liveAfterpay = { AFTERPAY_MERCHANT_ID: 'm', AFTERPAY_SECRET_KEY: 's', AFTERPAY_ENVIRONMENT: 'live' };

  it('refuses live PayPal or Afterpay credentials without PUBLIC_URL, naming it', () => {
    for (const live of [livePayPal, liveAfterpay]) {
      expect(() => loadConfig(live)).toThrow(ConfigError);
      expect(() => loadConfig(live)).toThrow(
        /PUBLIC_URL: is required when a live PayPal or Afterpay account/,
      );
      expect(loadConfig({ ...live, PUBLIC_URL: publicUrl }).payments.publicUrl).toBe(publicUrl);
    }
  });

  it('lets sandbox credentials run without PUBLIC_URL, on localhost', () => {
    const sandbox = { ...livePayPal, PAYPAL_ENVIRONMENT: 'sandbox' };
    expect(loadConfig(sandbox).payments.publicUrl).toBe('http://localhost:3000');
  });

  it('refuses production on PostgreSQL without PUBLIC_URL or APP_SECRET, naming each', () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: postgres };
    expect(() => loadConfig({ ...production, APP_SECRET: secret })).toThrow(
      /PUBLIC_URL: is required when in production on PostgreSQL/,
    );
    expect(() => loadConfig({ ...production, PUBLIC_URL: publicUrl })).toThrow(
      /APP_SECRET: is required in production on PostgreSQL/,
    );
    expect(() => loadConfig({ ...production, PUBLIC_URL: '', APP_SECRET: '' })).toThrow(
      /PUBLIC_URL[\s\S]*APP_SECRET|APP_SECRET[\s\S]*PUBLIC_URL/,
    );
    expect(loadConfig({ ...production, PUBLIC_URL: publicUrl, APP_SECRET: secret }).APP_SECRET).toBe(secret);
  });

  it('keeps a generated secret for development on PostgreSQL and for the embedded database in production', () => {
    expect(loadConfig({ DATABASE_URL: postgres }).APP_SECRET).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'production' }).APP_SECRET).toBeUndefined();
  });

  it('drains for ten seconds unless told otherwise', () => {
    expect(loadConfig({}).DRAIN_SECONDS).toBe(10);
    expect(loadConfig({ DRAIN_SECONDS: '25' }).DRAIN_SECONDS).toBe(25);
    expect(() => loadConfig({ DRAIN_SECONDS: '0' })).toThrow(/DRAIN_SECONDS/);
  });
});
