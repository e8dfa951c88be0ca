import Cookies from 'js-cookie';
import type { UserInfo } from '@storefront/contract/account';
import { forgetPrefetched } from '../prefetch';

/** Where the browser keeps the session; the README of apps/web lists the same keys. */
export const sessionKeys = {
  token: 'storefront.token',
  expiresAt: 'storefront.tokenExpiresAt',
  email: 'storefront.email',
  userInfoCookie: 'storefront_user',
  customerIdCookie: 'storefront_customer_id',
} as const;

/** The suburb the product page last quoted delivery to: the customer's, so it goes with the session. */
export const ESTIMATE_SUBURB_KEY = 'storefront.estimateSuburb';

/**
 * Set when the session ended without this tab signing out, so the sign-in page can say why it is shown
 * (sessionStorage): a refused call ended it ('refused'), or another tab signed out ('other-tab').
 */
const SESSION_ENDED_KEY = 'storefront.sessionEnded';

export type SessionEnd = 'refused' | 'other-tab';

export function markSessionEnded(how: SessionEnd = 'refused'): void {
  sessionStorage.setItem(SESSION_ENDED_KEY, how);
}

/** How the session ended since the sign-in page last said so (null: it did not). */
export function readSessionEnded(): SessionEnd | null {
  const how = sessionStorage.getItem(SESSION_ENDED_KEY);
  if (how === null) return null;
  return how === 'other-tab' ? 'other-tab' : 'refused';
}

export function forgetSessionEnded(): void {
  sessionStorage.removeItem(SESSION_ENDED_KEY);
}

/** What the checkout form holds, kept for this tab across a reload or a detour (sessionStorage). */
export const CHECKOUT_DRAFT_KEY = 'storefront.checkoutDraft';

const USER_INFO_COOKIE_DAYS = 30 / (24 * 60);
const cookieOptions = { path: '/', sameSite: 'lax' } as const;

export function readToken(): string | null {
  return localStorage.getItem(sessionKeys.token);
}

/** Stores a raw token from the server the way requests send it: `Bearer <token>`. */
export function saveToken(rawToken: string): void {
  localStorage.setItem(sessionKeys.token, toBearer(rawToken));
}

const renewalListeners = new Set<() => void>();

/**
 * Calls `listener` after a call's answer renewed the session's token (not a sign-in's token: that starts a session).
 * Answers the way to stop listening.
 */
export function onTokenRenewed(listener: () => void): () => void {
  renewalListeners.add(listener);
  return () => renewalListeners.delete(listener);
}

/** Stores a renewed token, then tells whoever listens. */
export function saveRenewedToken(rawToken: string): void {
  saveToken(rawToken);
  for (const listener of renewalListeners) listener();
}

export function toBearer(rawToken: string): string {
  return /^Bearer\s/i.test(rawToken) ? rawToken : `Bearer ${rawToken}`;
}

export function readEmail(): string | null {
  return localStorage.getItem(sessionKeys.email);
}

export function saveEmail(email: string): void {
  localStorage.setItem(sessionKeys.email, email);
  shownCustomer = email;
}

export function readExpiresAt(): string | null {
  return localStorage.getItem(sessionKeys.expiresAt);
}

export function saveExpiresAt(isoTime: string): void {
  localStorage.setItem(sessionKeys.expiresAt, isoTime);
}

export function hasSession(): boolean {
  return readToken() !== null;
}

export function readUserInfoCookie(): UserInfo | null {
  const raw = Cookies.get(sessionKeys.userInfoCookie);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isUserInfo(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** User info lives 30 minutes in a cookie (spec section 9); the customer id cookie lives as long as the browser session. */
export function saveUserInfoCookie(user: UserInfo): void {
  Cookies.set(sessionKeys.userInfoCookie, JSON.stringify(user), {
    ...cookieOptions,
    expires: USER_INFO_COOKIE_DAYS,
  });
  Cookies.set(sessionKeys.customerIdCookie, String(user.customerID), cookieOptions);
}

/**
 * Ends the session in this browser: token, expiry marker, email, user-info (session) cookie, customer id cookie, the
 * suburb the product page quoted delivery to, the checkout's draft, and reads started for the page and not yet taken.
 */
export function clearSession(): void {
  localStorage.removeItem(sessionKeys.token);
  localStorage.removeItem(sessionKeys.expiresAt);
  localStorage.removeItem(sessionKeys.email);
  localStorage.removeItem(ESTIMATE_SUBURB_KEY);
  sessionStorage.removeItem(CHECKOUT_DRAFT_KEY);
  Cookies.remove(sessionKeys.userInfoCookie, { path: '/' });
  Cookies.remove(sessionKeys.customerIdCookie, { path: '/' });
  forgetPrefetched();
  shownCustomer = null;
}

/** The session stored as a call is sent: its token, and whose it is (null: not known yet, or signed out). */
export type SessionMark = { token: string | null; customer: string | null };

/** Notes the session stored now, to tell once an answer comes whether the browser still holds it. */
export function markSession(): SessionMark {
  return { token: readToken(), customer: readEmail() };
}

/**
 * Whether the browser still holds the session `mark` noted: the same token, or another one for the same customer (a
 * renewal, by this tab or another). Not once another tab has signed out, or in as someone else: an answer to a call
 * sent before then speaks for a session the browser no longer holds, and nothing of it may be kept.
 */
export function isSessionKept(mark: SessionMark): boolean {
  const token = readToken();
  if (token === mark.token) return true;
  return token !== null && mark.customer !== null && readEmail() === mark.customer;
}

/** What another tab did to the session this tab shows: signed out, or signed in as someone (else). */
export type SessionChange = 'ended' | 'switched';

/** The email of the customer this tab shows (null: signed out), as its own sign-in and sign-out left it. */
let shownCustomer: string | null = null;

/**
 * Whose session the browser holds now: the email stored with the token, null without a token, undefined while a
 * sign-in has stored its token but not yet whose it is. The email, not the token, names the customer: a renewal
 * writes a new token for the same customer.
 */
function readStoredCustomer(): string | null | undefined {
  if (readToken() === null) return null;
  return readEmail() ?? undefined;
}

/**
 * Calls `onChange` when another tab ends the session or signs in as another customer (the storage event: the
 * browser shares localStorage between tabs of the same origin). A renewed token for the same customer, and a
 * sign-in still writing its keys, change nothing. Answers the function that stops watching.
 */
export function watchSessionChanges(onChange: (change: SessionChange) => void): () => void {
  shownCustomer = readStoredCustomer() ?? null;
  const watchedKeys: readonly string[] = [sessionKeys.token, sessionKeys.email];
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && !watchedKeys.includes(event.key)) return;
    const stored = readStoredCustomer();
    if (stored === undefined || stored === shownCustomer) return;
    shownCustomer = stored;
    onChange(stored === null ? 'ended' : 'switched');
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

function isUserInfo(value: unknown): value is UserInfo {
  if (typeof value !== 'object' || value === null) return false;
  return (
    typeof Reflect.get(value, 'customerID') === 'number' &&
    typeof Reflect.get(value, 'email') === 'string' &&
    typeof Reflect.get(value, 'firstName') === 'string' &&
    typeof Reflect.get(value, 'lastName') === 'string' &&
    typeof Reflect.get(value, 'postCode') === 'string' &&
    typeof Reflect.get(value, 'suburb') === 'string'
  );
}
