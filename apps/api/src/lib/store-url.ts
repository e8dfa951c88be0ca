/**
 * A customer-facing address in the store (a mailed link, a payment provider's return URL): `path`, with any query,
 * under PUBLIC_URL. PUBLIC_URL's own path is kept (`https://shop.example/grocer/` and `/account/orders/7` make
 * `https://shop.example/grocer/account/orders/7`), where `new URL('/account/orders/7', publicUrl)` would replace it:
 * an absolute path drops the base's. The store refuses such a PUBLIC_URL at start for now (payment-config.ts), as the
 * web app is served at `/` only; every link is built here so that lifting that refusal is all a path would need.
 */
export function storeUrl(publicUrl: string, path = '/'): URL {
  // `./` first: the path is resolved against the base's folder, and a segment with a colon is not read as a scheme.
  return new URL(`./${path.replace(/^\/+/, '')}`, baseOf(publicUrl));
}

// Every order's mail links into the store twice: its base is worked out once per PUBLIC_URL.
const bases = new Map<string, string>();

function baseOf(publicUrl: string): string {
  let base = bases.get(publicUrl);
  if (base === undefined) {
    const url = new URL(publicUrl);
    url.pathname = url.pathname.replace(/\/*$/, '/');
    url.search = '';
    url.hash = '';
    base = url.toString();
    bases.set(publicUrl, base);
  }
  return base;
}
