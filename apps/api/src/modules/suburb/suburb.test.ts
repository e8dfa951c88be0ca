import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { parseKeyword } from './suburb.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url });

describe('suburb look-ups', () => {
  it('suburb-state lists the localities of a postcode with their state', async () => {
    const res = await get('/api/v1/address/suburb-state?postcode=2000');
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { suburb: string; state: string; postcode: string }[];
    expect(list.map((s) => s.suburb)).toEqual(expect.arrayContaining(['Sydney', 'The Rocks', 'Barangaroo']));
    expect(list.every((s) => s.state === 'NSW' && s.postcode === '2000')).toBe(true);
  });

  it('suburb-state answers an unknown postcode with an empty list and a malformed one with a 400', async () => {
    expect((await get('/api/v1/address/suburb-state?postcode=0001')).json().data).toEqual([]);
    const bad = await get('/api/v1/address/suburb-state?postcode=20a0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('postcode');
    expect((await get('/api/v1/address/suburb-state')).statusCode).toBe(400);
  });

  it('search ranks an exact postcode first', async () => {
    const list = (await get('/api/v1/shipping/search/suburb?keyword=3000')).json().data;
    expect(list[0]).toMatchObject({ postcode: '3000', suburb: 'Melbourne', state: 'VIC' });
    expect(list.length).toBeLessThanOrEqual(20);
  });

  it('search by a name prefix in any case, exact names first', async () => {
    const list = (await get('/api/v1/shipping/search/suburb?keyword=newcastle')).json().data;
    expect(list[0]).toMatchObject({ suburb: 'Newcastle', state: 'NSW' });
    const prefix = (await get('/api/v1/shipping/search/suburb?keyword=surry%20h')).json().data;
    expect(prefix.map((s: { suburb: string }) => s.suburb)).toContain('Surry Hills');
    expect(prefix.every((s: { suburb: string }) => s.suburb.toLowerCase().startsWith('surry h'))).toBe(true);
  });

  it('search combines a name and a postcode, and honours the limit', async () => {
    const list = (await get('/api/v1/shipping/search/suburb?keyword=Surry%20Hills%202010&limit=5')).json()
      .data;
    expect(list).toEqual([
      expect.objectContaining({ suburb: 'Surry Hills', postcode: '2010', state: 'NSW' }),
    ]);
    const many = (await get('/api/v1/shipping/search/suburb?keyword=s&limit=5')).json().data;
    expect(many).toHaveLength(5);
  });

  it('search treats LIKE wildcards as text', async () => {
    expect((await get('/api/v1/shipping/search/suburb?keyword=%25')).json().data).toEqual([]);
    expect((await get('/api/v1/shipping/search/suburb?keyword=_ydney')).json().data).toEqual([]);
  });

  it('search refuses an empty or over-long keyword', async () => {
    expect((await get('/api/v1/shipping/search/suburb?keyword=')).statusCode).toBe(400);
    expect((await get(`/api/v1/shipping/search/suburb?keyword=${'a'.repeat(61)}`)).statusCode).toBe(400);
    expect((await get('/api/v1/shipping/search/suburb?keyword=a&limit=500')).statusCode).toBe(400);
  });

  it('suburbID returns one suburb, and a missing one answers 404', async () => {
    const [first] = (await get('/api/v1/shipping/search/suburb?keyword=2000')).json().data;
    const one = await get(`/api/v1/shipping/search/suburbID/${first.suburbID}`);
    expect(one.json()).toEqual({ code: 0, msg: 'ok', data: first });
    const missing = await get('/api/v1/shipping/search/suburbID/999999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe(100002);
    expect((await get('/api/v1/shipping/search/suburbID/abc')).statusCode).toBe(400);
  });
});

describe('parseKeyword', () => {
  it.each([
    ['2000', { digits: '2000' }],
    ['sydney', { name: 'sydney' }],
    ['Surry Hills, NSW 2010', { digits: '2010', name: 'Surry Hills' }],
    ['  the rocks ', { name: 'the rocks' }],
  ])('reads %j', (keyword, expected) => {
    expect(parseKeyword(keyword)).toEqual(expected);
  });
});
