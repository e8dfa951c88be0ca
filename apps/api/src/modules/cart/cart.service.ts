import type {
  AppliedCoupon,
  ApplyDiscountBody,
  CartAddBatchBody,
  CartAddBody,
  CartAdded,
  CartChange,
  CartCompareBody,
  CartCompareLine,
  CartCompareResult,
  CartDeleteBody,
  CartLine,
  CartList,
  CartMergeBody,
  CartMergeLine,
  CartMergeResult,
  CartSelectAllBody,
  CartUpdateBody,
  UnavailableReason,
} from '@storefront/contract/cart';
import { CART_LINE_QUANTITY_MAX, CART_LINES_MAX } from '@storefront/contract/cart';
import { errorCatalogue, type ErrorName } from '@storefront/contract/errors';
import {
  inOrder,
  isDatabaseUnavailable,
  pgErrorCode,
  violatedConstraint,
  type Db,
  type Executor,
} from '../../db/client.js';
import { together } from '../../db/together.js';
import { AppError } from '../../lib/app-error.js';
import { batchWhileBusy } from '../../lib/batch-while-busy.js';
import { formatAud } from '../mail/mail-layout.js';
import { findProductById, findProductsByIds, type CartProduct } from '../catalog/catalog.repo.js';
import { stockError, unavailableReasonOf } from '../catalog/stock.js';
import { findCouponByCode, type CustomerCoupon } from '../coupon/coupon.repo.js';
import { claimKey, hashRequest, saveAnswer } from '../idempotency/idempotency.repo.js';
import { priceCart, type PricingInput, type PricingLine } from '../pricing/price-cart.js';
import { mergeIntoCart } from './cart-merge.js';
import {
  addToCartAtOnce,
  addToCartLine,
  addToCartsAtOnce,
  type CartAdd,
  findAddContext,
  deleteCartLines,
  findCartLine,
  listCartItems,
  listCartLineStock,
  loadCartRows,
  lockCart,
  type CartLineState,
  type CartLineStock,
  type CartRows,
  selectAllCartLines,
  updateCart,
  updateCartLine,
  updateCartLineAtOnce,
} from './cart.repo.js';

/** The database's own cap on a cart's lines (migration 0007), named as its check violations name it. */
const CART_LINES_CAP = 'cart_lines_cap';

/** A cart line with its product as it is now. */
export type CartItem = PricingLine & { allowSubstitute: boolean; addedAt: Date };

export function toCartItem({ line, product }: { line: CartLineState; product: CartProduct }): CartItem {
  return {
    product,
    quantity: line.quantity,
    selected: line.selected,
    allowSubstitute: line.allowSubstitute,
    addedAt: line.addedAt,
  };
}

/** The customer's cart lines with their products, newest first. */
export async function loadCartItems(exec: Executor, customerId: number): Promise<CartItem[]> {
  return (await listCartItems(exec, customerId)).map(toCartItem);
}

function toCartLine(
  { product, quantity, selected, allowSubstitute, addedAt }: CartItem,
  reason: UnavailableReason | null,
): CartLine {
  return {
    productID: product.id,
    sku: product.sku,
    name: product.name,
    imageUrl: product.imageUrl,
    category: product.category,
    price: product.priceCents,
    regularPrice: product.regularPriceCents,
    quantity,
    selected,
    allowSubstitute,
    lineTotal: product.priceCents * quantity,
    stock: product.stock,
    weightGrams: product.weightGrams,
    gstFree: product.gstFree,
    unavailableReason: reason,
    addedAt: addedAt.toISOString(),
  };
}

/** The answer to an add: the product's line and the cart's counts, counted as `priceCart` counts them. */
function countedAfterAdd(productId: number, lines: CartLineStock[]): CartAdded {
  let count = 0;
  for (const line of lines)
    if (line.selected && unavailableReasonOf(line.product, line.quantity) === null) count += line.quantity;
  const quantity = lines.find((l) => l.productId === productId)?.quantity ?? 0;
  return { productID: productId, quantity, count, lineCount: lines.length };
}

function toAppliedCoupon({ coupon }: CustomerCoupon, problem: ErrorName | null): AppliedCoupon {
  return {
    code: coupon.code,
    description: coupon.description,
    kind: coupon.kind,
    value: coupon.value,
    minSpend: coupon.minSpendCents,
    endsAt: coupon.endsAt.toISOString(),
    isApplicable: problem === null,
    problemCode: problem ? errorCatalogue[problem].code : null,
    problem: problem ? errorCatalogue[problem].msg : null,
  };
}

/**
 * Adds to one line inside the caller's transaction, which must hold the cart lock. Refuses unknown (NOT_FOUND)
 * and inactive products, more than stock or CART_LINE_QUANTITY_MAX on the line, and a new line in a full cart.
 */
export async function addToCartInTx(
  tx: Executor,
  customerId: number,
  productId: number,
  quantity: number,
): Promise<void> {
  const context = await findAddContext(tx, customerId, productId);
  if (!context) throw new AppError('NOT_FOUND', 'No such product.');
  const { product } = context;
  if (!product.isActive) throw stockError(product, quantity);
  const inCart = context.inCart ?? 0;
  if (context.inCart === null && context.lineCount >= CART_LINES_MAX) throw new AppError('CART_FULL');
  if (inCart + quantity > CART_LINE_QUANTITY_MAX) throw new AppError('QUANTITY_LIMIT');
  if (unavailableReasonOf(product, inCart + quantity)) throw stockError(product, inCart + quantity, inCart);
  const added = await addToCartLine(tx, {
    customerId,
    productId,
    quantity,
    maxQuantity: Math.min(CART_LINE_QUANTITY_MAX, product.stock),
  });
  if (added === undefined) throw stockError(product, inCart + quantity, inCart);
}

/** Adds sent as one statement at most, and such statements at the database at once (two pipelines' worth). */
const ADD_BATCH_MAX = 64;
const ADD_BATCH_SLOTS = 2;

/** One add in its own statement (`addToCartAtOnce`): the cart's lines as it left them, or undefined if refused. */
function addAlone(db: Db, add: CartAdd): Promise<CartLineStock[] | undefined> {
  return addToCartAtOnce(db, { ...add, maxQuantity: CART_LINE_QUANTITY_MAX });
}

/**
 * Runs a batch of adds: one alone, several in one statement. A statement the database refused
 * (one of the carts full, say) wrote nothing; each add then runs alone, to be answered on its own. One that did not
 * reach the database (it is down) fails them all, as it would have each.
 */
async function addAllAtOnce(
  db: Db,
  adds: CartAdd[],
): Promise<Array<PromiseSettledResult<CartLineStock[] | undefined>>> {
  const alone = (add: CartAdd) => addAlone(db, add);
  if (adds.length === 1) return Promise.allSettled(adds.map(alone));
  try {
    const added = await addToCartsAtOnce(db, adds, CART_LINE_QUANTITY_MAX);
    return adds.map((add) => ({ status: 'fulfilled', value: added.get(add.customerId) }));
  } catch (err) {
    if (pgErrorCode(err) === undefined || isDatabaseUnavailable(err)) throw err;
    return Promise.allSettled(adds.map(alone));
  }
}

export function createCartService(db: Db, now: () => Date, { batchAdds = false } = {}) {
  /** Prices the cart as it is, with its own coupon unless another is given to try. */
  async function price(
    customerId: number,
    options: { coupon?: CustomerCoupon | null; shipping?: PricingInput<CartItem>['shipping'] } = {},
  ) {
    if (options.coupon === undefined) {
      const cart = await loadCartRows(db, customerId);
      return priced(cart.items.map(toCartItem), cart.coupon, options.shipping);
    }
    return priced(await loadCartItems(db, customerId), options.coupon, options.shipping);
  }

  function priced(
    lines: CartItem[],
    coupon: CustomerCoupon | null,
    shipping?: PricingInput<CartItem>['shipping'],
  ) {
    return { coupon, lineCount: lines.length, ...priceCart({ lines, coupon, shipping, now: now() }) };
  }

  // On PostgreSQL, adds arriving while earlier ones are at the database go together: one statement and one commit
  // for many carts. The embedded database runs a statement inside this process, holding up every other request
  // while it runs, and its cost is the rows, not the commit: there each add goes alone.
  const addAtOnce = batchAdds
    ? batchWhileBusy({
        keyOf: (add: CartAdd) => add.customerId,
        maxBatch: ADD_BATCH_MAX,
        slots: ADD_BATCH_SLOTS,
        run: (adds: CartAdd[]) => addAllAtOnce(db, adds),
      })
    : (add: CartAdd) => addAlone(db, add);

  async function list(customerId: number): Promise<CartList> {
    return listOf(await loadCartRows(db, customerId));
  }

  function listOf(rows: CartRows): CartList {
    const cart = priced(rows.items.map(toCartItem), rows.coupon);
    return {
      available: cart.available.map((item) => toCartLine(item, null)),
      unavailable: cart.unavailable.map(({ line, reason }) => toCartLine(line, reason)),
      subtotal: cart.totals.subtotal,
      count: cart.count,
      lineCount: cart.lineCount,
      discount: cart.totals.discount,
      freeShipping: cart.freeShipping,
      coupon: cart.coupon ? toAppliedCoupon(cart.coupon, cart.couponProblem) : null,
      total: cart.totals.total,
    };
  }

  return {
    price,

    list,

    async add(customerId: number, body: CartAddBody): Promise<CartAdded> {
      // Nearly every add fits: one statement, no transaction, answering the cart's lines as it left them. The
      // cart's row queues its writers and the database keeps its line cap (migration 0007), as the lock below does
      // for the rest.
      const lines = await addAtOnce({ customerId, productId: body.productID, quantity: body.quantity }).catch(
        (err: unknown) => {
          if (violatedConstraint(err) === CART_LINES_CAP) throw new AppError('CART_FULL');
          throw err;
        },
      );
      if (lines) return countedAfterAdd(body.productID, lines);
      // Refused: under the cart lock, find out why (or add it after all, if it fits by now).
      await db.transaction(async (tx) => {
        await lockCart(tx, customerId);
        await addToCartInTx(tx, customerId, body.productID, body.quantity);
      });
      return countedAfterAdd(body.productID, await listCartLineStock(db, customerId));
    },

    async addBatch(customerId: number, body: CartAddBatchBody): Promise<CartList> {
      const merged = new Map<number, number>();
      for (const item of body.items)
        merged.set(item.productID, (merged.get(item.productID) ?? 0) + item.quantity);
      // One transaction under the cart lock: every item is added or none is. In product id order, the order a
      // checkout locks products in: each new line's foreign key check holds its product against a checkout's lock,
      // and two transactions taking them in the same order queue instead of deadlocking.
      await db.transaction(async (tx) => {
        await lockCart(tx, customerId);
        for (const [productId, quantity] of [...merged].sort(([a], [b]) => a - b)) {
          await addToCartInTx(tx, customerId, productId, quantity);
        }
      });
      return list(customerId);
    },

    /**
     * Adds a guest cart on top of the account's, the forgiving way (capped at stock, what cannot go in is said, not
     * refused). With a key, the first merge's outcome is kept and replayed, so a second tab merging the same guest
     * cart adds nothing more; the key is claimed in the merge's transaction, so the second waits for the first.
     */
    async merge(customerId: number, body: CartMergeBody, idempotencyKey?: string): Promise<CartMergeResult> {
      const lines = await db.transaction(async (tx): Promise<CartMergeLine[]> => {
        const scope = idempotencyKey ? { customerId, route: 'cart/merge', key: idempotencyKey } : null;
        if (scope) {
          const claim = await claimKey(tx, scope, hashRequest(body), now());
          if (claim.kind === 'reused') throw new AppError('IDEMPOTENCY_KEY_REUSED');
          if (claim.kind === 'replay') return (claim.answer.body as { lines: CartMergeLine[] }).lines;
        }
        // The cart lock serialises this merge with the customer's other cart writes, so stock caps count exactly.
        await lockCart(tx, customerId);
        const outcomes = await mergeIntoCart(
          tx,
          customerId,
          body.items.map((i) => ({ productId: i.productID, quantity: i.quantity })),
        );
        const merged = outcomes.map(({ productId, ...o }) => ({ productID: productId, ...o }));
        if (scope) await saveAnswer(tx, scope, { status: 200, body: { lines: merged } });
        return merged;
      });
      return { added: lines.reduce((n, l) => n + l.added, 0), lines, cart: await list(customerId) };
    },

    async update(customerId: number, body: CartUpdateBody): Promise<CartList> {
      // Like add: nearly every change fits in one statement, sent with the cart's listing behind it.
      const [updated, cart] = await inOrder(db, (exec) =>
        together([
          updateCartLineAtOnce(exec, {
            customerId,
            productId: body.productID,
            quantity: body.quantity ?? null,
            selected: body.selected ?? null,
            allowSubstitute: body.allowSubstitute ?? null,
          }),
          loadCartRows(exec, customerId),
        ]),
      );
      if (updated) {
        const line = cart.items.find((item) => item.product.id === body.productID)?.line;
        const landed =
          line?.quantity === updated.quantity &&
          line.selected === updated.selected &&
          line.allowSubstitute === updated.allowSubstitute;
        return landed ? listOf(cart) : list(customerId);
      }
      // Refused: under the cart lock, find out why (or change it after all, if it fits by now). The lock keeps a
      // parallel add from merging into the line between the stock check and the write.
      await db.transaction(async (tx) => {
        await lockCart(tx, customerId);
        const line = await findCartLine(tx, customerId, body.productID);
        if (!line) throw new AppError('NOT_FOUND', 'That product is not in the cart.');
        if (body.quantity !== undefined && body.quantity !== line.quantity) {
          const product = await findProductById(tx, body.productID);
          if (!product) throw new AppError('PRODUCT_UNAVAILABLE');
          if (unavailableReasonOf(product, body.quantity)) throw stockError(product, body.quantity);
        }
        await updateCartLine(tx, customerId, body.productID, {
          quantity: body.quantity,
          selected: body.selected,
          allowSubstitute: body.allowSubstitute,
        });
      });
      return list(customerId);
    },

    // Like add: the write and the listing in one round trip, read again if the listing ran before the write.
    async selectAll(customerId: number, body: CartSelectAllBody): Promise<CartList> {
      const [, cart] = await inOrder(db, (exec) =>
        together([selectAllCartLines(exec, customerId, body.selected), loadCartRows(exec, customerId)]),
      );
      const landed = cart.items.every(({ line }) => line.selected === body.selected);
      return landed ? listOf(cart) : list(customerId);
    },

    async remove(customerId: number, body: CartDeleteBody): Promise<CartList> {
      const [, cart] = await inOrder(db, (exec) =>
        together([deleteCartLines(exec, customerId, body.productIDs), loadCartRows(exec, customerId)]),
      );
      const gone = new Set(body.productIDs);
      const landed = cart.items.every(({ product }) => !gone.has(product.id));
      return landed ? listOf(cart) : list(customerId);
    },

    async compare(customerId: number, body: CartCompareBody): Promise<CartCompareResult> {
      const items = await loadCartItems(db, customerId);
      const inCart = new Map(items.map((i) => [i.product.id, i]));
      const gone = body.items.filter((i) => !inCart.has(i.productID)).map((i) => i.productID);
      const goneProducts = new Map((await findProductsByIds(db, gone)).map((p) => [p.id, p]));
      const lines: CartCompareLine[] = [];
      const seen = new Set<number>();
      for (const item of body.items) {
        if (seen.has(item.productID)) continue;
        seen.add(item.productID);
        const row = inCart.get(item.productID);
        if (!row) {
          const product = goneProducts.get(item.productID);
          lines.push({
            productID: item.productID,
            name: product?.name ?? null,
            changes: ['removed'],
            oldPrice: item.price,
            newPrice: product?.priceCents ?? null,
            oldQuantity: item.quantity,
            newQuantity: null,
            stock: product?.stock ?? null,
          });
          continue;
        }
        const changes: CartChange[] = [];
        if (row.product.priceCents !== item.price) changes.push('price_changed');
        if (row.quantity !== item.quantity) changes.push('quantity_changed');
        const reason = unavailableReasonOf(row.product, row.quantity);
        if (reason === 'not_enough_stock') changes.push('stock_low');
        else if (reason) changes.push('unavailable');
        if (changes.length === 0) continue;
        lines.push({
          productID: item.productID,
          name: row.product.name,
          changes,
          oldPrice: item.price,
          newPrice: row.product.priceCents,
          oldQuantity: item.quantity,
          newQuantity: row.quantity,
          stock: row.product.stock,
        });
      }
      for (const row of items) {
        if (seen.has(row.product.id)) continue;
        lines.push({
          productID: row.product.id,
          name: row.product.name,
          changes: ['added'],
          oldPrice: null,
          newPrice: row.product.priceCents,
          oldQuantity: null,
          newQuantity: row.quantity,
          stock: row.product.stock,
        });
      }
      return { hasChanges: lines.length > 0, lines };
    },

    async applyDiscount(customerId: number, body: ApplyDiscountBody): Promise<CartList> {
      if (!body.code) {
        await updateCart(db, customerId, { couponId: null });
        return list(customerId);
      }
      const coupon = await findCouponByCode(db, customerId, body.code);
      if (!coupon) throw new AppError('COUPON_INVALID');
      const { couponProblem } = await price(customerId, { coupon });
      if (couponProblem === 'COUPON_MIN_SPEND') {
        const minimum = formatAud(coupon.coupon.minSpendCents);
        throw new AppError(couponProblem, `That code needs a cart of ${minimum} or more.`);
      }
      if (couponProblem) throw new AppError(couponProblem);
      await updateCart(db, customerId, { couponId: coupon.coupon.id });
      return list(customerId);
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
