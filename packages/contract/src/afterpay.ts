// Zod-free, so the browser can take the rule without zod (apps/web/src/lib/contract-imports.test.ts).

/** Afterpay splits an amount into this many payments. */
export const AFTERPAY_INSTALMENTS = 4;

/**
 * An amount in Afterpay's four instalments, adding up to it to the cent: each the amount / 4 rounded down, and the
 * first taking the 1 to 3 cents the others leave over.
 */
export function afterpayInstalments(amountCents: number): { firstCents: number; laterCents: number } {
  const laterCents = Math.floor(amountCents / AFTERPAY_INSTALMENTS);
  return { firstCents: amountCents - laterCents * (AFTERPAY_INSTALMENTS - 1), laterCents };
}
