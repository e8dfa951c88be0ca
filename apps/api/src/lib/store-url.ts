/**
 * A customer-facing address in the store (a mailed link, a payment provider's return URL): `path`, with any query,
 * under PUBLIC_URL. PUBLIC_URL's own path is kept (`https://shop.example/grocer/` and `/account/orders/7` make
 * `https://shop.example/grocer/account/orders/7`), where `new URL('/account/orders/7', publicUrl)` would replace it:
 * an absolute path drops the base's. The store refuses such a PUBLIC_URL at start for now (payment-config.ts), as the
 * web app is served at `/` only; every link is built here so that lifting that refusal is all a path would need.
 */
export function storeUrl(publicUrl: string, path = '/'): URL {
  const base = new URL(publicUrl);
  base.pathname = base.pathname.replace(/\/*$/, '/');
  base.search = '';
  base.hash = '';
  // `./` first: the path is resolved against the base's folder, and a segment with a colon is not read as a scheme.
  return new URL(`./${path.replace(/^\/+/, '')}`, base);
}
