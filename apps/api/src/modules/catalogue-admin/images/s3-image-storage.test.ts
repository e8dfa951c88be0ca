import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@storefront/contract/catalog';
import type { AdminProduct } from '@storefront/contract/catalogue-admin';
import { errorCatalogue } from '@storefront/contract/errors';
import { ConfigError, loadConfig } from '../../../config.js';
import { auditLog, products } from '../../../db/schema/index.js';
import { createProduct } from '../../../../test/catalog-factories.js';
import { addStaff, staffSession } from '../../../../test/staff-factories.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';

const BUCKET = 'shop-images';
const ACCESS_KEY_ID = 'test-access-key';
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

type StoredObject = { body: Buffer; headers: IncomingHttpHeaders };

/**
 * A stand-in for an S3-compatible service, path-style: PUT and GET /<bucket>/<key>, objects kept in a Map. A request
 * not signed with the store's key is refused as S3 refuses it, and `failing` makes every request answer 500.
 */
async function startFakeBucket() {
  const objects = new Map<string, StoredObject>();
  const requests: { method: string; path: string; authorization: string }[] = [];
  const state = { failing: false };
  const xmlError = (code: string) =>
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://bucket').pathname);
      const authorization = req.headers.authorization ?? '';
      requests.push({ method: req.method ?? '', path, authorization });
      const fail = (status: number, code: string) =>
        res.writeHead(status, { 'content-type': 'application/xml' }).end(xmlError(code));
      if (!authorization.startsWith(`AWS4-HMAC-SHA256 Credential=${ACCESS_KEY_ID}/`))
        return fail(403, 'AccessDenied');
      if (state.failing) return fail(500, 'InternalError');
      const prefix = `/${BUCKET}/`;
      if (!path.startsWith(prefix)) return fail(404, 'NoSuchBucket');
      const key = path.slice(prefix.length);
      if (req.method === 'PUT') {
        objects.set(key, { body: Buffer.concat(chunks), headers: req.headers });
        return res.writeHead(200, { etag: '"stored"' }).end();
      }
      const object = objects.get(key);
      if (req.method !== 'GET') return fail(405, 'MethodNotAllowed');
      if (!object) return fail(404, 'NoSuchKey');
      res
        .writeHead(200, {
          'content-type': object.headers['content-type'] ?? 'application/octet-stream',
          'content-length': object.body.length,
          etag: '"stored"',
        })
        .end(object.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    objects,
    requests,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let bucket: Awaited<ReturnType<typeof startFakeBucket>>;
let t: TestApp;
let ownerToken = '';
const db = () => t.database.db;

const s3Env = () => ({
  IMAGES_S3_BUCKET: BUCKET,
  IMAGES_S3_ENDPOINT: bucket.url,
  IMAGES_S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
  IMAGES_S3_SECRET_ACCESS_KEY: 'test-secret-access-key',
});

beforeAll(async () => {
  bucket = await startFakeBucket();
  t = await createTestApp({ env: s3Env() });
  ownerToken = await staffSession(t, (await addStaff(db(), 'owner')).id);
});
afterAll(async () => {
  await t?.close();
  await bucket?.close();
});
afterEach(() => {
  bucket.state.failing = false;
});

type Answer = { statusCode: number; code: number; msg: string; data: AdminProduct };

async function upload(app: TestApp, productId: number, bytes: Buffer): Promise<Answer> {
  const res = await app.app.inject({
    method: 'PUT',
    url: `/api/admin/v1/products/${productId}/image`,
    headers: { 'content-type': 'image/jpeg', authorization: `Bearer ${ownerToken}` },
    payload: bytes,
  });
  return { statusCode: res.statusCode, ...res.json<Omit<Answer, 'statusCode'>>() };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function photo(seed: number) {
  const [width, height] = [900, 600];
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + seed * 104729) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}

async function storefrontProduct(app: TestApp, id: number): Promise<Product> {
  const res = await app.app.inject({ method: 'GET', url: `/api/v1/product/detail?productID=${id}` });
  return res.json<{ data: Product }>().data;
}

describe('product images in an S3-compatible bucket', () => {
  it('an upload puts both widths in the bucket, signed, as WebP cached for a year, and nothing under DATA_DIR', async () => {
    const bytes = await photo(1);
    const p = await createProduct(db());
    const res = await upload(t, p.id, bytes);
    expect(res.code, res.msg).toBe(0);
    const key = sha256(bytes);
    expect(res.data).toMatchObject({
      imageUrl: `/images/products/${key}-800.webp`,
      thumbnailUrl: `/images/products/${key}-320.webp`,
    });
    for (const width of [320, 800]) {
      const object = bucket.objects.get(`products/${key}-${width}.webp`);
      expect(object?.headers).toMatchObject({ 'content-type': 'image/webp', 'cache-control': CACHE_CONTROL });
      const meta = await sharp(object?.body).metadata();
      expect([meta.format, meta.width]).toEqual(['webp', width]);
    }
    const puts = bucket.requests.filter((r) => r.method === 'PUT');
    expect(puts.map((r) => r.path).sort()).toEqual([
      `/${BUCKET}/products/${key}-320.webp`,
      `/${BUCKET}/products/${key}-800.webp`,
    ]);
    expect(await readdir(t.config.DATA_DIR)).not.toContain('images');
  });

  it('the storefront names the uploaded image, and /images/products serves it from the bucket', async () => {
    const bytes = await photo(2);
    const p = await createProduct(db());
    const res = await upload(t, p.id, bytes);
    const product = await storefrontProduct(t, p.id);
    expect(product.imageUrl).toBe(res.data.imageUrl);
    expect(product.thumbnailUrl).toBe(res.data.thumbnailUrl);
    for (const [url, width] of [
      [product.imageUrl, 800],
      [product.thumbnailUrl, 320],
    ] as const) {
      const file = await t.app.inject({ method: 'GET', url });
      expect(file.statusCode, url).toBe(200);
      expect(file.headers).toMatchObject({ 'content-type': 'image/webp', 'cache-control': CACHE_CONTROL });
      const object = bucket.objects.get(`products/${sha256(bytes)}-${width}.webp`);
      expect(object && file.rawPayload.equals(object.body)).toBe(true);
    }
  });

  it('a file the bucket does not have is not found, and a name that is no image is not asked of the bucket', async () => {
    const missing = await t.app.inject({ method: 'GET', url: `/images/products/${'0'.repeat(64)}-800.webp` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ code: number }>().code).toBe(errorCatalogue.NOT_FOUND.code);
    const asked = bucket.requests.length;
    for (const url of [
      `/images/products/${'0'.repeat(64)}-640.webp`,
      '/images/products/..%2F..%2Fsecret.txt',
      '/images/products/notes.txt',
    ])
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    expect(bucket.requests.length).toBe(asked);
  });

  it('a bucket that answers 500 refuses the upload in the envelope and leaves the product unchanged', async () => {
    const p = await createProduct(db());
    bucket.state.failing = true;
    const res = await upload(t, p.id, await photo(3));
    expect(res).toMatchObject({ statusCode: 503, code: errorCatalogue.UNAVAILABLE.code, data: null });
    expect(res.msg).toBe(
      'The image could not be stored: the image store is not answering. Try the upload again in a moment.',
    );
    const [row] = await db().select().from(products).where(eq(products.id, p.id));
    expect(row).toMatchObject({ imageUrl: '/products/test.svg', imageKey: null, version: p.version });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'product'), eq(auditLog.targetId, String(p.id))));
    expect(audit).toEqual([]);
  });

  it('a bucket that answers 500 to a read is unavailable, not a missing file', async () => {
    const bytes = await photo(4);
    const res = await upload(t, (await createProduct(db())).id, bytes);
    bucket.state.failing = true;
    const file = await t.app.inject({ method: 'GET', url: res.data.imageUrl });
    expect(file.statusCode).toBe(503);
    expect(file.json<{ code: number }>().code).toBe(errorCatalogue.UNAVAILABLE.code);
  });

  it('with IMAGES_S3_PUBLIC_URL the product links to the bucket’s own address at both widths', async () => {
    const cdn = await createTestApp({
      env: { ...s3Env(), IMAGES_S3_PUBLIC_URL: 'https://images.example.test/shop/' },
      database: t.database,
    });
    try {
      const bytes = await photo(5);
      const p = await createProduct(db());
      const res = await upload(cdn, p.id, bytes);
      expect(res.code, res.msg).toBe(0);
      const base = `https://images.example.test/shop/products/${sha256(bytes)}`;
      expect(res.data).toMatchObject({ imageUrl: `${base}-800.webp`, thumbnailUrl: `${base}-320.webp` });
      expect(await storefrontProduct(cdn, p.id)).toMatchObject({
        imageUrl: `${base}-800.webp`,
        thumbnailUrl: `${base}-320.webp`,
      });
      const [row] = await db().select().from(products).where(eq(products.id, p.id));
      expect(row?.imageUrl).toBe(`${base}-800.webp`);
      expect(bucket.objects.has(`products/${sha256(bytes)}-320.webp`)).toBe(true);
    } finally {
      await cdn.close();
    }
  });
});

describe('IMAGES_S3_* configuration', () => {
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig({ NODE_ENV: 'test', ...env });
    } catch (err) {
      if (err instanceof ConfigError) return err.message;
      throw err;
    }
    return null;
  };

  it('is all or nothing, naming each setting missing', () => {
    const message = refusal({ IMAGES_S3_BUCKET: BUCKET });
    expect(message).toContain('IMAGES_S3_ACCESS_KEY_ID: is required when IMAGES_S3_BUCKET is set');
    expect(message).toContain('IMAGES_S3_SECRET_ACCESS_KEY: is required when IMAGES_S3_BUCKET is set');
    expect(refusal({ IMAGES_S3_PUBLIC_URL: 'https://images.example.test' })).toContain(
      'IMAGES_S3_BUCKET: is required when IMAGES_S3_PUBLIC_URL is set',
    );
    expect(refusal({ ...s3Env(), IMAGES_S3_BUCKET: 'Shop_Images' })).toContain(
      'IMAGES_S3_BUCKET: must be a bucket name',
    );
    expect(refusal({ ...s3Env(), IMAGES_S3_ENDPOINT: 'minio:9000' })).toContain(
      'IMAGES_S3_ENDPOINT: must be an http(s) URL',
    );
    expect(refusal({ ...s3Env(), IMAGES_S3_PUBLIC_URL: 'http://images.example.test' })).toContain(
      'IMAGES_S3_PUBLIC_URL: must be an https URL',
    );
    expect(refusal(s3Env())).toBeNull();
    expect(refusal({})).toBeNull();
  });
});
