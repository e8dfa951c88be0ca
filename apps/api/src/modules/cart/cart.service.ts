import type {
  AppliedCoupon,
  ApplyDiscountBody,
  CartAddBatchBody,
  CartAddBody,
  CartChange,
  CartCompareBody,
  CartCompareLine,
  CartCompareResult,
  CartDeleteBody,
  CartLine,
  CartList,
  CartSelectAllBody,
  CartUpdateBody,
  UnavailableReason,
} from '@storefront/contract/cart';
import { CART_LINE_QUANTITY_MAX, CART_LINES_MAX } from '@storefront/contract/cart';
import { errorCatalogue, type ErrorName } from '@storefront/contract/errors';
import type { Db, Executor } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthContext } from '../account/session.service.js';
import { findProductById, findProductsByIds, type ProductRow } from '../catalog/catalog.repo.js';
import {
  addToCartLine,
  countCartLines,
  customerCouponUses,
  deleteCartLines,
  findCartCoupon,
  findCartLine,
  findCouponByCode,
  listCartLines,
  lockCart,
  selectAllCartLines,
  setCartCoupon,
  updateCartLine,
  type CartLineWithProduct,
  type CouponRow,
} from './cart.repo.js';

/** The cart as the rules see it; `selected` are the selected available lines that the totals cover. */
export type CartSummary = CartList & { selected: CartLineWithProduct[]; weightGrams: number };

export function unavailableReasonOf(product: ProductRow, quantity: number): UnavailableReason | null {
  if (!product.isActive) return 'inactive';
  if (product.stock <= 0) return 'out_of_stock';
  if (product.stock < quantity) return 'not_enough_stock';
  return null;
}

function toCartLine({ line, product }: CartLineWithProduct, reason: UnavailableReason | null): CartLine {
  return {
    productID: product.id,
    sku: product.sku,
    name: product.name,
    imageUrl: product.imageUrl,
    category: product.category,
    price: product.priceCents,
    quantity: line.quantity,
    selected: line.selected,
    lineTotal: product.priceCents * line.quantity,
    stock: product.stock,
    weightGrams: product.weightGrams,
    unavailableReason: reason,
    addedAt: line.addedAt.toISOString(),
  };
}

/**
 * The first rule the coupon breaks for this customer and subtotal, or null when it applies. `customerUses` is
 * null when the coupon is not in the customer's wallet: a personal coupon then answers like an unknown code, before
 * any other rule, so a non-holder learns nothing about it (not even that it has expired).
 */
export function couponProblem(
  coupon: CouponRow,
  ctx: { subtotal: number; customerUses: number | null; now: Date },
): ErrorName | null {
  if (coupon.isPersonal && ctx.customerUses === null) return 'COUPON_INVALID';
  if (ctx.now < coupon.startsAt) return 'COUPON_NOT_STARTED';
  if (ctx.now >= coupon.endsAt) return 'COUPON_EXPIRED';
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit) return 'COUPON_USED_UP';
  if ((ctx.customerUses ?? 0) >= coupon.perCustomerLimit) return 'COUPON_USED_UP';
  if (ctx.subtotal < coupon.minSpendCents) return 'COUPON_MIN_SPEND';
  return null;
}

export function discountOf(coupon: CouponRow, subtotal: number): number {
  if (coupon.kind === 'percent') return Math.min(subtotal, Math.round((subtotal * coupon.value) / 100));
  if (coupon.kind === 'fixed') return Math.min(subtotal, coupon.value);
  return 0;
}

function notEnoughStock(product: ProductRow, inCart: number): AppError {
  if (product.stock <= 0) return new AppError('NOT_ENOUGH_STOCK', `${product.name} is out of stock.`);
  const already = inCart > 0 ? `, and ${inCart} already in your cart` : '';
  return new AppError('NOT_ENOUGH_STOCK', `Only ${product.stock} of ${product.name} in stock${already}.`);
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
  const product = await findProductById(tx, productId);
  if (!product) throw new AppError('NOT_FOUND', 'No such product.');
  if (!product.isActive) throw new AppError('PRODUCT_UNAVAILABLE', `${product.name} is not available.`);
  const existing = await findCartLine(tx, customerId, productId);
  const inCart = existing?.quantity ?? 0;
  if (!existing && (await countCartLines(tx, customerId)) >= CART_LINES_MAX) throw new AppError('CART_FULL');
  if (inCart + quantity > CART_LINE_QUANTITY_MAX) throw new AppError('QUANTITY_LIMIT');
  if (inCart + quantity > product.stock) throw notEnoughStock(product, inCart);
  const added = await addToCartLine(tx, {
    customerId,
    productId,
    quantity,
    maxQuantity: CART_LINE_QUANTITY_MAX,
  });
  if (added === undefined) throw notEnoughStock(product, inCart);
}

export function createCartService(db: Db, now: () => Date) {
  async function summarise(customerId: number, executor: Executor = db): Promise<CartSummary> {
    const [rows, cartCoupon] = await Promise.all([
      listCartLines(executor, customerId),
      findCartCoupon(executor, customerId),
    ]);
    const available: CartLine[] = [];
    const unavailable: CartLine[] = [];
    const selected: CartLineWithProduct[] = [];
    let subtotal = 0;
    let count = 0;
    let weightGrams = 0;
    for (const row of rows) {
      const reason = unavailableReasonOf(row.product, row.line.quantity);
      if (reason) {
        unavailable.push(toCartLine(row, reason));
        continue;
      }
      available.push(toCartLine(row, null));
      if (!row.line.selected) continue;
      selected.push(row);
      subtotal += row.product.priceCents * row.line.quantity;
      count += row.line.quantity;
      weightGrams += row.product.weightGrams * row.line.quantity;
    }

    let applied: AppliedCoupon | null = null;
    let discount = 0;
    let freeShipping = false;
    if (cartCoupon) {
      const { coupon, customerUses } = cartCoupon;
      const problem = couponProblem(coupon, { subtotal, customerUses, now: now() });
      if (!problem) {
        discount = discountOf(coupon, subtotal);
        freeShipping = coupon.kind === 'free_shipping';
      }
      applied = {
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

    return {
      available,
      unavailable,
      subtotal,
      count,
      lineCount: rows.length,
      discount,
      freeShipping,
      coupon: applied,
      total: subtotal - discount,
      selected,
      weightGrams,
    };
  }

  async function list(customerId: number): Promise<CartList> {
    const { selected: _selected, weightGrams: _weight, ...cart } = await summarise(customerId);
    return cart;
  }

  return {
    summarise,

    list: (auth: AuthContext) => list(auth.customerId),

    async add(auth: AuthContext, body: CartAddBody): Promise<CartList> {
      // The cart row lock serialises this customer's cart writes, so merges and the line cap count exactly.
      await db.transaction(async (tx) => {
        await lockCart(tx, auth.customerId);
        await addToCartInTx(tx, auth.customerId, body.productID, body.quantity);
      });
      return list(auth.customerId);
    },

    async addBatch(auth: AuthContext, body: CartAddBatchBody): Promise<CartList> {
      const merged = new Map<number, number>();
      for (const item of body.items)
        merged.set(item.productID, (merged.get(item.productID) ?? 0) + item.quantity);
      // One transaction under the cart lock: every item is added or none is.
      await db.transaction(async (tx) => {
        await lockCart(tx, auth.customerId);
        for (const [productId, quantity] of [...merged].sort(([a], [b]) => a - b)) {
          await addToCartInTx(tx, auth.customerId, productId, quantity);
        }
      });
      return list(auth.customerId);
    },

    async update(auth: AuthContext, body: CartUpdateBody): Promise<CartList> {
      // Locks the cart so a parallel add cannot merge into the line between the stock check and the write.
      await db.transaction(async (tx) => {
        await lockCart(tx, auth.customerId);
        const line = await findCartLine(tx, auth.customerId, body.productID);
        if (!line) throw new AppError('NOT_FOUND', 'That product is not in the cart.');
        if (body.quantity !== undefined && body.quantity !== line.quantity) {
          const product = await findProductById(tx, body.productID);
          if (!product?.isActive) throw new AppError('PRODUCT_UNAVAILABLE');
          if (body.quantity > product.stock) throw notEnoughStock(product, 0);
        }
        await updateCartLine(tx, auth.customerId, body.productID, {
          quantity: body.quantity,
          selected: body.selected,
        });
      });
      return list(auth.customerId);
    },

    async selectAll(auth: AuthContext, body: CartSelectAllBody): Promise<CartList> {
      await selectAllCartLines(db, auth.customerId, body.selected);
      return list(auth.customerId);
    },

    async remove(auth: AuthContext, body: CartDeleteBody): Promise<CartList> {
      await deleteCartLines(db, auth.customerId, body.productIDs);
      return list(auth.customerId);
    },

    async compare(auth: AuthContext, body: CartCompareBody): Promise<CartCompareResult> {
      const rows = await listCartLines(db, auth.customerId);
      const inCart = new Map(rows.map((r) => [r.product.id, r]));
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
        if (row.line.quantity !== item.quantity) changes.push('quantity_changed');
        const reason = unavailableReasonOf(row.product, row.line.quantity);
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
          newQuantity: row.line.quantity,
          stock: row.product.stock,
        });
      }
      for (const row of rows) {
        if (seen.has(row.product.id)) continue;
        lines.push({
          productID: row.product.id,
          name: row.product.name,
          changes: ['added'],
          oldPrice: null,
          newPrice: row.product.priceCents,
          oldQuantity: null,
          newQuantity: row.line.quantity,
          stock: row.product.stock,
        });
      }
      return { hasChanges: lines.length > 0, lines };
    },

    async applyDiscount(auth: AuthContext, body: ApplyDiscountBody): Promise<CartList> {
      if (!body.code) {
        await setCartCoupon(db, auth.customerId, null);
        return list(auth.customerId);
      }
      const coupon = await findCouponByCode(db, body.code);
      if (!coupon) throw new AppError('COUPON_INVALID');
      const { subtotal } = await summarise(auth.customerId);
      const customerUses = await customerCouponUses(db, auth.customerId, coupon.id);
      const problem = couponProblem(coupon, { subtotal, customerUses, now: now() });
      if (problem) throw new AppError(problem);
      await setCartCoupon(db, auth.customerId, coupon.id);
      return list(auth.customerId);
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
