/**
 * The staff session token, kept in this tab only (sessionStorage): closing the tab on a shared shop computer leaves
 * no sign-in behind for the next person, and the API ends an idle session after 30 minutes anyway.
 */
export const TOKEN_KEY = 'storefront.admin.token';
/** Set when a refused call (401) ended the session, so the sign-in page can say why it is shown. */
const SESSION_ENDED_KEY = 'storefront.admin.sessionEnded';

export function readToken(): string | null {
  return sessionStorage.getItem(TOKEN_KEY);
}

/** Keeps a raw token as the API sends it in the `Authorization` response header (a `Bearer ` prefix is dropped). */
export function saveToken(token: string): void {
  const raw = token.trim().replace(/^Bearer\s+/i, '');
  if (raw !== '') sessionStorage.setItem(TOKEN_KEY, raw);
}

export function clearToken(): void {
  sessionStorage.removeItem(TOKEN_KEY);
}

export function hasToken(): boolean {
  return readToken() !== null;
}

/** The header value a request carries for the stored token, or null when signed out. */
export function bearerHeader(): string | null {
  const token = readToken();
  return token === null ? null : `Bearer ${token}`;
}

export function markSessionEnded(): void {
  sessionStorage.setItem(SESSION_ENDED_KEY, '1');
}

/** Whether a refused call ended the session since the sign-in page last said so; asking forgets it. */
export function takeSessionEnded(): boolean {
  const ended = sessionStorage.getItem(SESSION_ENDED_KEY) !== null;
  sessionStorage.removeItem(SESSION_ENDED_KEY);
  return ended;
}
