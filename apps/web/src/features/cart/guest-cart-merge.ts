import type { CartMergeResult } from '@storefront/contract/cart';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** What to tell the customer after their guest cart went into their account's cart. */
export function describeMerge(result: CartMergeResult): { kind: 'success' | 'warning'; text: string } {
  const short = result.lines.filter((line) => line.reason !== null);
  const added =
    result.added > 0
      ? `We moved ${plural(result.added, 'item')} you added before signing in into your cart.`
      : 'Nothing you added before signing in could go into your cart.';
  if (short.length === 0) return { kind: 'success', text: added };
  const why = short
    .map((line) => {
      const name = line.name ?? 'A product';
      if (line.reason === 'capped') return `${name}: ${line.added} of ${line.asked} (all we have)`;
      if (line.reason === 'cart_full') return `${name}: your cart is full`;
      if (line.reason === 'out_of_stock') return `${name}: out of stock`;
      return `${name}: no longer sold`;
    })
    .join('; ');
  return { kind: 'warning', text: `${added} ${why}.` };
}
