import { createHash } from 'node:crypto';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@storefront/contract/catalog';
import type { AdminProduct } from '@storefront/contract/catalogue-admin';
import { errorCatalogue } from '@storefront/contract/errors';
import { auditLog, products } from '../../../db/schema/index.js';
import { createProduct } from '../../../../test/catalog-factories.js';
import { registerCustomer } from '../../../../test/factories.js';
import { addStaff, staffSession } from '../../../../test/staff-factories.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { productImageDir } from './image-storage.js';

let t: TestApp;
const tokens: Record<'owner' | 'manager' | 'picker' | 'support', string> = {
  owner: '',
  manager: '',
  picker: '',
  support: '',
};
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['owner', 'manager', 'picker', 'support'] as const)
    tokens[role] = await staffSession(t, (await addStaff(db(), role)).id);
});
afterAll(() => t?.close());

type Answer<T = AdminProduct> = { statusCode: number; code: number; msg: string; data: T };

async function upload(
  productId: number,
  bytes: Buffer,
  { type = 'image/jpeg', token = tokens.owner }: { type?: string; token?: string | null } = {},
): Promise<Answer> {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/v1/products/${productId}/image`,
    headers: { 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: bytes,
  });
  return { statusCode: res.statusCode, ...res.json<Omit<Answer, 'statusCode'>>() };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A photo-like picture (noise, so it does not compress to nothing) of the size given. */
function picture(width: number, height: number, seed = 1) {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + seed * 104729) % 251;
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

/** A PNG of a few hundred bytes claiming a canvas of the size given: what a decompression bomb looks like. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8);
  ihdr.writeUInt8(2, 9);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1 + width * 3))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function served(url: string) {
  return t.app.inject({ method: 'GET', url });
}

async function productRow(id: number) {
  const [row] = await db().select().from(products).where(eq(products.id, id));
  return row;
}

describe('PUT /api/admin/v1/products/:productID/image', () => {
  it.each([
    ['JPEG', 'image/jpeg', () => picture(1200, 900, 1).jpeg().toBuffer()],
    ['PNG', 'image/png', () => picture(1000, 1000, 2).png().toBuffer()],
    ['WebP', 'image/webp', () => picture(900, 1200, 3).webp().toBuffer()],
  ])('a %s upload is kept at both widths as WebP and served for a year', async (_name, type, make) => {
    const bytes = await make();
    const p = await createProduct(db());
    const res = await upload(p.id, bytes, { type });
    expect(res.code, res.msg).toBe(0);
    const key = sha256(bytes);
    expect(res.data).toMatchObject({
      productID: p.id,
      imageUrl: `/images/products/${key}-800.webp`,
      thumbnailUrl: `/images/products/${key}-320.webp`,
      version: p.version + 1,
    });
    for (const [url, box] of [
      [res.data.imageUrl, 800],
      [res.data.thumbnailUrl, 320],
    ] as const) {
      const file = await served(url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(Math.max(meta.width, meta.height)).toBe(box);
    }
    const row = await productRow(p.id);
    expect(row).toMatchObject({ imageKey: key, imageUrl: res.data.imageUrl, version: p.version + 1 });
    expect(row?.updatedAt.getTime()).toBe(t.clock.now().getTime());
  });

  it('the storefront shows the new image and thumbnail at once', async () => {
    const p = await createProduct(db());
    const before = await t.app.inject({ method: 'GET', url: `/api/v1/product/detail?productID=${p.id}` });
    expect(before.json<{ data: Product }>().data.imageUrl).toBe('/products/test.svg');
    const res = await upload(p.id, await picture(640, 480, 4).jpeg().toBuffer());
    const detail = await t.app.inject({ method: 'GET', url: `/api/v1/product/detail?productID=${p.id}` });
    const { data } = detail.json<{ data: Product }>();
    expect(data.imageUrl).toBe(res.data.imageUrl);
    expect(data.thumbnailUrl).toBe(res.data.thumbnailUrl);
  });

  it('a small image is not enlarged, an EXIF rotation is applied and the metadata is left out', async () => {
    // 600 x 300 as stored, shown 300 x 600 by its orientation tag (a phone held upright).
    const bytes = await picture(600, 300, 5).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const res = await upload((await createProduct(db())).id, bytes);
    expect(res.code, res.msg).toBe(0);
    const page = await sharp((await served(res.data.imageUrl)).rawPayload).metadata();
    expect([page.width, page.height]).toEqual([300, 600]);
    expect(page.exif).toBeUndefined();
    expect(page.orientation).toBeUndefined();
    const thumb = await sharp((await served(res.data.thumbnailUrl)).rawPayload).metadata();
    expect([thumb.width, thumb.height]).toEqual([160, 320]);
  });

  it('records the change in the audit log', async () => {
    const p = await createProduct(db());
    const res = await upload(p.id, await picture(400, 400, 6).png().toBuffer(), {
      type: 'image/png',
      token: tokens.manager,
    });
    expect(res.code, res.msg).toBe(0);
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'product'), eq(auditLog.targetId, String(p.id))));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'product.image',
      staffRole: 'manager',
      before: { imageUrl: '/products/test.svg', imageKey: null },
      after: { imageUrl: res.data.imageUrl, imageKey: sha256(await picture(400, 400, 6).png().toBuffer()) },
    });
  });

  it('the same image uploaded twice has the same key', async () => {
    const bytes = await picture(500, 500, 7).jpeg().toBuffer();
    const first = await upload((await createProduct(db())).id, bytes);
    const p = await createProduct(db());
    const second = await upload(p.id, bytes);
    const again = await upload(p.id, bytes);
    expect(second.data.imageUrl).toBe(first.data.imageUrl);
    expect(again.data.imageUrl).toBe(first.data.imageUrl);
    expect(again.data.version).toBe(second.data.version + 1);
    const names = await readdir(productImageDir(t.config.DATA_DIR));
    expect(names.filter((n) => n.startsWith(sha256(bytes))).sort()).toEqual([
      `${sha256(bytes)}-320.webp`,
      `${sha256(bytes)}-800.webp`,
    ]);
    expect(names.filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  describe('refuses', () => {
    async function expectUnchanged(id: number) {
      expect(await productRow(id)).toMatchObject({
        imageUrl: '/products/test.svg',
        imageKey: null,
        version: 1,
      });
    }

    it('a text file sent as a JPEG named x.jpg', async () => {
      const p = await createProduct(db());
      const res = await upload(p.id, Buffer.from('x.jpg: this is a shopping list, not a photo\n'));
      expect(res).toMatchObject({ statusCode: 200, code: errorCatalogue.IMAGE_NOT_SUPPORTED.code });
      await expectUnchanged(p.id);
    });

    it('a GIF, whatever type it is sent as', async () => {
      const p = await createProduct(db());
      const res = await upload(p.id, await picture(50, 50).gif().toBuffer(), { type: 'image/png' });
      expect(res.code).toBe(errorCatalogue.IMAGE_NOT_SUPPORTED.code);
      await expectUnchanged(p.id);
    });

    it('a JPEG cut short', async () => {
      const p = await createProduct(db());
      const whole = await picture(600, 400, 8).jpeg().toBuffer();
      const res = await upload(p.id, whole.subarray(0, whole.length / 2));
      expect(res.code).toBe(errorCatalogue.IMAGE_DAMAGED.code);
      await expectUnchanged(p.id);
    });

    it('an image of more pixels than can be decoded safely', async () => {
      const p = await createProduct(db());
      const res = await upload(p.id, pngClaiming(20_000, 20_000), { type: 'image/png' });
      expect(res.code).toBe(errorCatalogue.IMAGE_TOO_MANY_PIXELS.code);
      await expectUnchanged(p.id);
    });

    it('a file over 5 MB, saying so in the envelope', async () => {
      const p = await createProduct(db());
      const res = await upload(p.id, Buffer.alloc(5 * 1024 * 1024 + 1, 0xff));
      expect(res).toMatchObject({ statusCode: 413, code: errorCatalogue.IMAGE_TOO_LARGE.code, data: null });
      expect(res.msg).toContain('up to 5 MB');
      await expectUnchanged(p.id);
    });

    it('a body that is not sent as an image, naming the body', async () => {
      const p = await createProduct(db());
      const bytes = await picture(100, 100).jpeg().toBuffer();
      for (const type of ['application/octet-stream', 'text/plain']) {
        const res = await upload(p.id, bytes, { type });
        expect(res).toMatchObject({ statusCode: 400, code: errorCatalogue.VALIDATION.code });
        expect(res.msg).toMatch(/^body: .*image\/jpeg/);
      }
      await expectUnchanged(p.id);
    });

    it('an unknown product as not found', async () => {
      const res = await upload(2_000_000_000, await picture(100, 100).jpeg().toBuffer());
      expect(res).toMatchObject({ statusCode: 404, code: errorCatalogue.NOT_FOUND.code });
    });

    it('anyone but an owner or manager', async () => {
      const p = await createProduct(db());
      const bytes = await picture(100, 100).jpeg().toBuffer();
      expect(await upload(p.id, bytes, { token: null })).toMatchObject({
        statusCode: 401,
        code: errorCatalogue.NOT_SIGNED_IN.code,
      });
      const customer = await registerCustomer(t.app);
      expect((await upload(p.id, bytes, { token: customer.token })).statusCode).toBe(401);
      for (const role of ['picker', 'support'] as const)
        expect(await upload(p.id, bytes, { token: tokens[role] })).toMatchObject({
          statusCode: 403,
          code: errorCatalogue.FORBIDDEN.code,
        });
      await expectUnchanged(p.id);
    });
  });
});

describe('GET /images/products/:file', () => {
  it('answers 404 for a name never uploaded, and for any file there that is not one of its images', async () => {
    const bytes = await picture(100, 100, 9).jpeg().toBuffer();
    const res = await upload((await createProduct(db())).id, bytes);
    expect((await served(res.data.imageUrl)).statusCode).toBe(200);
    const key = sha256(bytes);
    const dir = productImageDir(t.config.DATA_DIR);
    await writeFile(path.join(dir, 'notes.txt'), 'not for the shop');
    await writeFile(path.join(dir, `.${key}-800.webp.1234.tmp`), 'half a file');
    for (const url of [
      `/images/products/${'0'.repeat(64)}-800.webp`,
      `/images/products/${key}-640.webp`,
      `/images/products/${key}-800.WEBP`,
      `/images/products/.${key}-800.webp.1234.tmp`,
      '/images/products/notes.txt',
      '/images/products/',
      '/images/products',
    ])
      expect((await served(url)).statusCode, url).toBe(404);
  });

  it('serves nothing outside its folder', async () => {
    await writeFile(path.join(t.config.DATA_DIR, 'secret.txt'), 'outside the images folder');
    for (const url of [
      '/images/products/../../secret.txt',
      '/images/products/..%2F..%2Fsecret.txt',
      '/images/products/%2e%2e/%2e%2e/secret.txt',
      '/images/products/%2e%2e%2f%2e%2e%2fsecret.txt',
    ]) {
      const res = await served(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.body, url).not.toContain('outside the images folder');
    }
  });
});
