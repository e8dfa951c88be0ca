import { hash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token. One-shot `hash`: every signed-in request hashes its token. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
