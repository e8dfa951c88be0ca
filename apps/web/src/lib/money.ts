const aud = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });

/** Money travels as integer cents; it becomes dollars only on screen. */
export function formatMoney(cents: number): string {
  return aud.format(cents / 100);
}
