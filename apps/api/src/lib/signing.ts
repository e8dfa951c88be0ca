import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signs short strings (an unsubscribe link's address, a device cookie) so the store can later trust them without
 * keeping them. The purpose is part of what is signed, so a signature made for one use never passes for another.
 */
export type Signer = {
  sign(purpose: string, payload: string): string;
  verify(purpose: string, payload: string, signature: string): boolean;
};

export function createSigner(secret: string): Signer {
  const mac = (purpose: string, payload: string) =>
    createHmac('sha256', secret).update(`${purpose}\n${payload}`).digest('base64url');
  return {
    sign: mac,
    verify(purpose, payload, signature) {
      const expected = Buffer.from(mac(purpose, payload));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
