// Zod-free, so the browser can take the rule without zod (apps/web/src/lib/contract-imports.test.ts).

/**
 * How an order is named to the customer everywhere: its pages, its mails (the tax invoice among them) and the
 * payment providers' records (PayPal's invoice id, Afterpay's merchant reference), so the one a customer quotes
 * is found wherever they read it.
 */
export function orderReference(orderId: number): string {
  return `SO-${orderId}`;
}

/** The order id a reference names, or null when it names none. */
export function orderIdOfReference(reference: string): number | null {
  const digits = /^SO-([1-9]\d{0,15})$/.exec(reference)?.[1];
  const id = Number(digits);
  return digits !== undefined && Number.isSafeInteger(id) ? id : null;
}
