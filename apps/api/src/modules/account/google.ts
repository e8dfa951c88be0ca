import { canonicalEmail, emailProblem } from '@storefront/contract/email-address';
import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { AppError } from '../../lib/app-error.js';

export type GoogleSettings = {
  clientId?: string;
  issuers: string[];
  jwks?: string;
  jwksUrl: string;
  now: () => Date;
};

export type GoogleIdentity = {
  sub: string;
  /** As every address is kept (`canonicalEmail`): Kim@Bücher.de is kim@xn--bcher-kva.de, as it was registered. */
  email: string;
  /** A letter outside ASCII before the @ (josé@…), which the address rule refuses: mail to it may not arrive. */
  emailLocalPartNotAscii: boolean;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
};

/** Verifies a Google ID token's signature, issuer, audience and expiry against the configured keys. */
export function createGoogleVerifier(settings: GoogleSettings) {
  const keys = settings.jwks
    ? createLocalJWKSet(JSON.parse(settings.jwks) as JSONWebKeySet)
    : createRemoteJWKSet(new URL(settings.jwksUrl));

  return async function verifyGoogleIdToken(idToken: string): Promise<GoogleIdentity> {
    if (!settings.clientId) throw new AppError('GOOGLE_NOT_CONFIGURED');
    try {
      const { payload } = await jwtVerify(idToken, keys, {
        issuer: settings.issuers,
        audience: settings.clientId,
        algorithms: ['RS256'],
        currentDate: settings.now(),
        clockTolerance: 30,
      });
      const { sub, email } = payload;
      if (typeof sub !== 'string' || typeof email !== 'string') throw new Error('token lacks sub or email');
      const problem = emailProblem(email);
      if (problem === 'not-an-address') throw new Error('token email is not an address');
      const str = (v: unknown, fallback: string) =>
        typeof v === 'string' && v.trim() ? v.trim().slice(0, 50) : fallback;
      return {
        sub,
        email: canonicalEmail(email),
        emailLocalPartNotAscii: problem === 'local-part-not-ascii',
        emailVerified: payload.email_verified === true,
        firstName: str(payload.given_name, email.split('@')[0] ?? 'Customer'),
        // A Google account of one name has no family_name: the last name is left empty, as a form lets it be.
        lastName: str(payload.family_name, ''),
      };
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError('GOOGLE_TOKEN_INVALID');
    }
  };
}
