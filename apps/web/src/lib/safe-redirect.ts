const HERE = 'https://storefront.invalid';

/**
 * Follows a redirect target only when it stays on this site. Read the way the browser reads it (tabs and newlines
 * dropped, `\` taken as `/`), so `/\t/evil.test` and `/\evil.test` are other hosts too; answers the path as read.
 */
export function resolveSafeRedirect(target: string | null | undefined): string {
  if (!target?.startsWith('/')) return '/';
  let url: URL;
  try {
    url = new URL(target, HERE);
  } catch {
    return '/';
  }
  return url.origin === HERE ? url.pathname + url.search + url.hash : '/';
}
