import { randomBytes } from 'node:crypto';
import type { Signer } from '../../lib/signing.js';

/**
 * OWASP's device cookies: a browser that has signed in to an account keeps a signed cookie naming it, and its
 * sign-in attempts to that account are limited on their own instead of sharing the account-wide lock-out that
 * untrusted clients share. See https://owasp.org/www-community/Slow_Down_Online_Guessing_Attacks_with_Device_Cookies
 */

const PURPOSE = 'device-cookie';
const COOKIE_PREFIX = 'sf_device_';
export const DEVICE_COOKIE_PATH = '/api/v1/login';
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Cookie values are `<customerId>.<nonce>.<signature>`, all base64url or digits, so no quoting is needed. */
export type DeviceCookie = { name: string; value: string };

export function deviceCookieName(customerId: number): string {
  return `${COOKIE_PREFIX}${customerId}`;
}

/** The value of one cookie in a Cookie request header, or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function serializeDeviceCookie(cookie: DeviceCookie, secure: boolean): string {
  const attributes = [
    `${cookie.name}=${cookie.value}`,
    `Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`,
    `Path=${DEVICE_COOKIE_PATH}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (secure) attributes.push('Secure');
  return attributes.join('; ');
}

export function createDeviceCookies(signer: Signer) {
  return {
    issue(customerId: number): DeviceCookie {
      const payload = `${customerId}.${randomBytes(16).toString('base64url')}`;
      return { name: deviceCookieName(customerId), value: `${payload}.${signer.sign(PURPOSE, payload)}` };
    },

    /** The device id of a valid cookie for this account in the Cookie header, or null for an untrusted client. */
    deviceOf(cookieHeader: string | undefined, customerId: number): string | null {
      const value = readCookie(cookieHeader, deviceCookieName(customerId));
      const [id, nonce, signature, ...rest] = value?.split('.') ?? [];
      if (!id || !nonce || !signature || rest.length > 0 || id !== String(customerId)) return null;
      return signer.verify(PURPOSE, `${id}.${nonce}`, signature) ? nonce : null;
    },
  };
}

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;
