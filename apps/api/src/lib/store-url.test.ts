import { describe, expect, it } from 'vitest';
import { storeUrl } from './store-url.js';

describe('storeUrl', () => {
  it.each([
    ['https://shop.example', 'https://shop.example/account/orders/7'],
    ['https://shop.example/', 'https://shop.example/account/orders/7'],
    ['https://shop.example/grocer', 'https://shop.example/grocer/account/orders/7'],
    ['https://shop.example/grocer/', 'https://shop.example/grocer/account/orders/7'],
    ['http://localhost:3000', 'http://localhost:3000/account/orders/7'],
  ])('builds a link under %s, keeping its path', (publicUrl, link) => {
    expect(storeUrl(publicUrl, '/account/orders/7').toString()).toBe(link);
  });

  it('keeps the query the path brings, and takes more', () => {
    const url = storeUrl('https://shop.example/grocer/', '/shop?special=true');
    url.searchParams.set('page', '2');
    expect(url.toString()).toBe('https://shop.example/grocer/shop?special=true&page=2');
  });

  it("is the store's front page without a path", () => {
    expect(storeUrl('https://shop.example').toString()).toBe('https://shop.example/');
    expect(storeUrl('https://shop.example/grocer').toString()).toBe('https://shop.example/grocer/');
  });

  it("leaves out PUBLIC_URL's own query and fragment", () => {
    expect(storeUrl('https://shop.example/grocer/?utm=x#top', '/cart').toString()).toBe(
      'https://shop.example/grocer/cart',
    );
  });

  it('reads a path segment with a colon as a path, not a scheme', () => {
    expect(storeUrl('https://shop.example/', 'a:b').toString()).toBe('https://shop.example/a:b');
  });
});
