import { CART_LINE_QUANTITY_MAX, CART_LINES_MAX } from '@storefront/contract/limits';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { cartLines } from '../../db/schema/index.js';
import { findProductsByIds } from '../catalog/catalog.repo.js';
import { listCartLines } from './cart.repo.js';

/** `allowSubstitute` is what a new line starts with (a past order's choice); a line the cart holds keeps its own. */
export type MergeItem = { productId: number; quantity: number; allowSubstitute?: boolean };

/** Why (part of) an item did not go into the cart; null when all of it did. */
export type MergeShortfall = 'unavailable' | 'out_of_stock' | 'capped' | 'cart_full' | null;

export type MergeOutcome = {
  productId: number;
  name: string | null;
  asked: number;
  added: number;
  reason: MergeShortfall;
};

/**
 * Adds items to the customer's cart the forgiving way (a past order, a guest cart): each is added on top of what
 * the cart holds, capped at the stock and the per-line maximum, and what is not sold any more, or does not fit,
 * is left out and said so; nothing is refused as a whole. The caller holds the cart lock. Three statements
 * whatever the number of items.
 */
export async function mergeIntoCart(
  tx: Executor,
  customerId: number,
  items: MergeItem[],
): Promise<MergeOutcome[]> {
  const asked = new Map<number, number>();
  const refusesSubstitute = new Set<number>();
  for (const item of items) {
    asked.set(item.productId, (asked.get(item.productId) ?? 0) + item.quantity);
    if (item.allowSubstitute === false) refusesSubstitute.add(item.productId);
  }
  const ids = [...asked.keys()].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  const [products, lines] = await Promise.all([findProductsByIds(tx, ids), listCartLines(tx, customerId)]);
  const productOf = new Map(products.map((p) => [p.id, p]));
  const inCart = new Map(lines.map((l) => [l.productId, l.quantity]));
  let lineCount = lines.length;
  const writes: { customerId: number; productId: number; quantity: number; allowSubstitute: boolean }[] = [];

  const outcomes = ids.map((productId): MergeOutcome => {
    const want = asked.get(productId) ?? 0;
    const product = productOf.get(productId);
    const outcome = { productId, name: product?.name ?? null, asked: want, added: 0 };
    if (!product || !product.isActive) return { ...outcome, reason: 'unavailable' };
    if (product.stock <= 0) return { ...outcome, reason: 'out_of_stock' };
    const held = inCart.get(productId) ?? 0;
    const room = Math.min(CART_LINE_QUANTITY_MAX, product.stock) - held;
    if (room <= 0) return { ...outcome, reason: 'capped' };
    if (held === 0 && lineCount >= CART_LINES_MAX) return { ...outcome, reason: 'cart_full' };
    if (held === 0) lineCount += 1;
    const added = Math.min(want, room);
    writes.push({
      customerId,
      productId,
      quantity: held + added,
      allowSubstitute: !refusesSubstitute.has(productId),
    });
    return { ...outcome, added, reason: added < want ? 'capped' : null };
  });

  if (writes.length > 0) {
    await tx
      .insert(cartLines)
      .values(writes)
      .onConflictDoUpdate({
        target: [cartLines.customerId, cartLines.productId],
        set: { quantity: sql`excluded.quantity`, selected: true, updatedAt: sql`now()` },
      });
  }
  return outcomes;
}
