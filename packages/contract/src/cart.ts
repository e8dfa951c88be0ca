import { z } from 'zod';
import { id, isoDateTime, text } from './common.js';
import { productText } from './catalog.js';
import { CART_ADD_BATCH_MAX, CART_LINE_QUANTITY_MAX, CART_LINES_MAX, normaliseCode } from './limits.js';

export { CART_LINE_QUANTITY_MAX, CART_LINES_MAX };

export const quantity = z.number().int().min(1).max(CART_LINE_QUANTITY_MAX);

/** Why a line sits in `unavailable`. */
export const unavailableReason = z.enum(['inactive', 'out_of_stock', 'not_enough_stock']);
export type UnavailableReason = z.infer<typeof unavailableReason>;

export const cartLine = z.object({
  productID: z.number().int(),
  sku: productText.sku,
  name: productText.name,
  imageUrl: productText.imageUrl,
  category: productText.category,
  /** Current unit price in cents. */
  price: z.number().int(),
  /** The regular unit price, cents: above `price` while the product is on special, else the same. */
  regularPrice: z.number().int(),
  quantity: z.number().int(),
  selected: z.boolean(),
  /** The customer accepts a similar product, at the same price or less, if this one has run out when packed. */
  allowSubstitute: z.boolean(),
  /** price * quantity, cents. */
  lineTotal: z.number().int(),
  stock: z.number().int(),
  weightGrams: z.number().int(),
  /** Sold GST-free (basic food); false: its price includes GST. */
  gstFree: z.boolean(),
  /** null on available lines. */
  unavailableReason: unavailableReason.nullable(),
  addedAt: isoDateTime,
});
export type CartLine = z.infer<typeof cartLine>;

/** Bounds of a coupon's stored text, as the shop writes it. */
export const couponText = { code: z.string().max(40), description: z.string().max(500) };

export const couponKind = z.enum(['percent', 'fixed', 'free_shipping']);
export type CouponKind = z.infer<typeof couponKind>;

/**
 * The coupon stored on the cart, checked again on every read. When it no longer applies (expired, used up, below
 * the minimum spend) it stays on the cart with `isApplicable: false` and the reason, and gives no discount.
 */
export const appliedCoupon = z.object({
  code: couponText.code,
  description: couponText.description,
  kind: couponKind,
  /** Percent (1-100) for percent coupons, cents for fixed ones, 0 for free shipping. */
  value: z.number().int(),
  minSpend: z.number().int(),
  endsAt: isoDateTime,
  isApplicable: z.boolean(),
  /** The error code and message it would fail with now; null while it applies. */
  problemCode: z.number().int().nullable(),
  problem: z.string().max(500).nullable(),
});
export type AppliedCoupon = z.infer<typeof appliedCoupon>;

/**
 * The cart. `subtotal`, `count` (units), `discount` and `total` cover only the selected available lines;
 * `total` = subtotal - discount, before shipping (see shipping/calc-selected). All money in cents.
 */
export const cartList = z.object({
  available: z.array(cartLine).max(CART_LINES_MAX),
  unavailable: z.array(cartLine).max(CART_LINES_MAX),
  subtotal: z.number().int(),
  count: z.number().int(),
  /** Lines in the cart, available or not. */
  lineCount: z.number().int(),
  discount: z.number().int(),
  /** The applied coupon makes standard shipping free. */
  freeShipping: z.boolean(),
  coupon: appliedCoupon.nullable(),
  total: z.number().int(),
});
export type CartList = z.infer<typeof cartList>;

export const cartAddBody = z.strictObject({ productID: id, quantity });
export type CartAddBody = z.infer<typeof cartAddBody>;

/**
 * What `cart/add` answers: the line as the add left it and the cart's counts (what the header's cart shows), not
 * the whole cart. Products are added from the shop's pages, which show no cart lines; the cart page and checkout
 * read the cart themselves when they open.
 */
export const cartAdded = z.object({
  productID: z.number().int(),
  /** The line's quantity after the add. */
  quantity: z.number().int(),
  /** As in `CartList`: units on the selected available lines. */
  count: z.number().int(),
  lineCount: z.number().int(),
});
export type CartAdded = z.infer<typeof cartAdded>;

/** All or nothing: if one item cannot be added, none is. Repeated products are summed. */
export const cartAddBatchBody = z.strictObject({
  items: z.array(cartAddBody).min(1).max(CART_ADD_BATCH_MAX),
});
export type CartAddBatchBody = z.infer<typeof cartAddBatchBody>;

/** Products not in the cart are ignored. */
export const cartDeleteBody = z.strictObject({ productIDs: z.array(id).min(1).max(CART_LINES_MAX) });
export type CartDeleteBody = z.infer<typeof cartDeleteBody>;

export const cartUpdateBody = z
  .strictObject({
    productID: id,
    quantity: quantity.optional(),
    selected: z.boolean().optional(),
    allowSubstitute: z.boolean().optional(),
  })
  .refine((b) => b.quantity !== undefined || b.selected !== undefined || b.allowSubstitute !== undefined, {
    error: 'send quantity, selected, allowSubstitute or several of them',
    path: ['quantity'],
  });
export type CartUpdateBody = z.infer<typeof cartUpdateBody>;

export const cartSelectAllBody = z.strictObject({ selected: z.boolean() });
export type CartSelectAllBody = z.infer<typeof cartSelectAllBody>;

/** The browser's snapshot of its cart: what it showed the customer. */
export const cartCompareBody = z.strictObject({
  items: z
    .array(
      z.strictObject({
        productID: id,
        quantity,
        /** The unit price shown, cents. */
        price: z.number().int().min(0).max(100_000_000),
      }),
    )
    .max(CART_LINES_MAX)
    // A snapshot shows each product once; two of one would leave which to compare against a guess.
    .refine((items) => new Set(items.map((i) => i.productID)).size === items.length, {
      error: 'must name each product once',
    }),
});
export type CartCompareBody = z.infer<typeof cartCompareBody>;

/**
 * price_changed: unit price differs from the snapshot; quantity_changed: the cart holds another quantity;
 * stock_low: fewer in stock than the cart quantity (but some); unavailable: inactive or none in stock;
 * removed: no longer in the cart; added: in the cart but not in the snapshot.
 */
export const cartChange = z.enum([
  'price_changed',
  'quantity_changed',
  'stock_low',
  'unavailable',
  'removed',
  'added',
]);
export type CartChange = z.infer<typeof cartChange>;

export const cartCompareLine = z.object({
  productID: z.number().int(),
  /** null when the product does not exist at all. */
  name: productText.name.nullable(),
  changes: z.array(cartChange).max(cartChange.options.length),
  oldPrice: z.number().int().nullable(),
  newPrice: z.number().int().nullable(),
  oldQuantity: z.number().int().nullable(),
  /** Quantity in the cart now; null when not in the cart. */
  newQuantity: z.number().int().nullable(),
  stock: z.number().int().nullable(),
});
export type CartCompareLine = z.infer<typeof cartCompareLine>;

/** Only lines with at least one change are listed. */
export const cartCompareResult = z.object({
  hasChanges: z.boolean(),
  /** The snapshot's products and the cart's, each once. */
  lines: z.array(cartCompareLine).max(2 * CART_LINES_MAX),
});
export type CartCompareResult = z.infer<typeof cartCompareResult>;

/** A code applies it (any letter case, spaces typed in it dropped); null or an empty string removes the applied one. */
export const applyDiscountBody = z.strictObject({ code: text(40).transform(normaliseCode).nullable() });
export type ApplyDiscountBody = z.infer<typeof applyDiscountBody>;

/**
 * A guest cart (kept by the browser while signed out) to add on top of the account's cart. Repeated products are
 * summed. Send an `Idempotency-Key` header: a merge replayed with the same key (a retry, a second tab) adds once.
 */
export const cartMergeBody = z.strictObject({
  items: z
    .array(z.strictObject({ productID: id, quantity }))
    .min(1)
    .max(CART_LINES_MAX),
});
export type CartMergeBody = z.infer<typeof cartMergeBody>;

/**
 * What became of one product: `added` of `asked` went in; reason says why not all: unavailable (not sold),
 * out_of_stock, capped (at stock or the line maximum), cart_full (no room for another line); null when all did.
 */
export const cartMergeLine = z.object({
  productID: z.number().int(),
  name: productText.name.nullable(),
  asked: z.number().int(),
  added: z.number().int(),
  reason: z.enum(['unavailable', 'out_of_stock', 'capped', 'cart_full']).nullable(),
});
export type CartMergeLine = z.infer<typeof cartMergeLine>;

export const cartMergeResult = z.object({
  /** Items (not lines) put into the cart by this merge; a replay answers the first merge's outcome. */
  added: z.number().int(),
  lines: z.array(cartMergeLine).max(CART_LINES_MAX),
  cart: cartList,
});
export type CartMergeResult = z.infer<typeof cartMergeResult>;
