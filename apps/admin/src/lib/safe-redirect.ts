import { ADMIN_APP_PATH } from '@storefront/contract/staff';

const HERE = 'https://back-office.invalid';

/**
 * Where to go after signing in, as a path inside the back office (the router's basename is ADMIN_APP_PATH): only
 * a same-site path under it is followed, read as the browser reads it (`/\evil.test` is another host); else null.
 */
export function appPathFromRedirect(target: string | null | undefined): string | null {
  if (!target?.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(target, HERE);
  } catch {
    return null;
  }
  if (url.origin !== HERE) return null;
  const { pathname } = url;
  if (pathname !== ADMIN_APP_PATH && !pathname.startsWith(`${ADMIN_APP_PATH}/`)) return null;
  const inside = pathname.slice(ADMIN_APP_PATH.length) || '/';
  if (inside === '/login' || inside === '/set-password') return null;
  return `${inside}${url.search}${url.hash}`;
}
