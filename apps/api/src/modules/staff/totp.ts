import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { RECOVERY_CODE_COUNT } from '@storefront/contract/staff';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps (otplib's defaults). */
const ISSUER = 'Harbour Grocer back office';
/** A code typed just as its 30 s ran out, or on a phone a little behind, still counts. */
const TOLERANCE_SECONDS = 30;

export function newTotpSecret(): { secret: string; otpauthUrl: (label: string) => string } {
  const secret = generateSecret();
  return { secret, otpauthUrl: (label) => generateURI({ issuer: ISSUER, label, secret }) };
}

/** The time step the code belongs to when it is right for `secret` now and later than `afterStep`; null otherwise. */
export async function totpStepOf(
  secret: string,
  code: string,
  now: Date,
  afterStep: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  // otplib's verify answers for HOTP and TOTP alike; a TOTP check names the time step it matched.
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes `xxxxx-xxxxx` of 31 symbols (about 50 bits each), for a lost phone. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(code.toLowerCase()).digest('hex');
}
