import { orderStatuses } from '@storefront/contract/order';
import { stockMovementReasons } from '@storefront/contract/catalogue-admin';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { searchVectorSql } from '../search-fold.js';
import { customers } from './customers.js';
import { deliveryWindows } from './delivery.js';
import { addresses } from './places.js';

/** A text search vector, as text; only the database reads it. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    imageUrl: text('image_url').notNull(),
    priceCents: integer('price_cents').notNull(),
    stock: integer('stock').notNull(),
    weightGrams: integer('weight_grams').notNull(),
    category: text('category').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** What the pack holds, for the unit price (Australian Unit Pricing Code): grams, millilitres or items. */
    packSize: integer('pack_size'),
    packUnit: text('pack_unit', { enum: ['g', 'ml', 'each'] }),
    /**
     * A special: sold at `specialPriceCents` from `specialStartsAt` until `specialEndsAt` (all three or none),
     * `priceCents` being the regular price it was (catalog/selling-price.ts).
     */
    specialPriceCents: integer('special_price_cents'),
    specialStartsAt: timestamp('special_starts_at', { withTimezone: true }),
    specialEndsAt: timestamp('special_ends_at', { withTimezone: true }),
    brand: text('brand'),
    /** Australian food labelling: the ingredient list as printed, and the mandatory allergen declarations. */
    ingredients: text('ingredients'),
    allergensContains: text('allergens_contains')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    allergensMayContain: text('allergens_may_contain')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The country-of-origin statement (e.g. "Made in Australia from at least 90% Australian ingredients"). */
    originStatement: text('origin_statement'),
    /** An uploaded image's content hash: its sizes are served from /images (catalogue-admin/images.ts). */
    imageKey: text('image_key'),
    /** Bumped by every staff edit, so an edit made on a stale copy is refused rather than lost. */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Dietary marks the label carries (contract catalog.ts `dietaryMarks`): vegetarian, vegan, gluten free. */
    dietary: text('dietary')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Sold without GST (basic food, under the GST Act's food rules); every other product's price includes 1/11 GST. */
    gstFree: boolean('gst_free').notNull().default(false),
    /** The name's and description's words as written, folded (accents, apostrophes: search-fold.ts); for search. */
    searchWords: tsvector('search_words').notNull().generatedAlwaysAs(searchVectorSql('simple')),
    /** The same words as English stems ("tim tams" finds "Tim Tam", "tomatoes" finds "tomato"). */
    searchStems: tsvector('search_stems').notNull().generatedAlwaysAs(searchVectorSql('english')),
  },
  (t) => [
    uniqueIndex('products_sku_key').on(t.sku),
    index('products_category_idx').on(t.category),
    index('products_search_idx').using('gin', t.searchWords),
    index('products_search_stemmed_idx').using('gin', t.searchStems),
    check('products_stock_non_negative', sql`${t.stock} >= 0`),
    check('products_price_non_negative', sql`${t.priceCents} >= 0`),
    check('products_pack_size_positive', sql`${t.packSize} is null or ${t.packSize} > 0`),
    check('products_pack_unit_known', sql`${t.packUnit} is null or ${t.packUnit} in ('g', 'ml', 'each')`),
    check(
      'products_special_whole',
      sql`(${t.specialPriceCents} is null) = (${t.specialStartsAt} is null) and (${t.specialPriceCents} is null) = (${t.specialEndsAt} is null)`,
    ),
    check(
      'products_special_below_price',
      sql`${t.specialPriceCents} is null or (${t.specialPriceCents} >= 0 and ${t.specialPriceCents} < ${t.priceCents} and ${t.specialEndsAt} > ${t.specialStartsAt})`,
    ),
    index('products_stock_idx').on(t.stock),
    check('products_dietary_known', sql`${t.dietary} <@ array['vegetarian', 'vegan', 'gluten_free']::text[]`),
  ],
);

export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    description: text('description').notNull(),
    kind: text('kind', { enum: ['percent', 'fixed', 'free_shipping'] }).notNull(),
    /** Percent (1-100) for percent coupons, cents for fixed ones, 0 for free shipping. */
    value: integer('value').notNull(),
    minSpendCents: integer('min_spend_cents').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Total redemptions across all customers; null = unlimited. */
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    perCustomerLimit: integer('per_customer_limit').notNull().default(1),
    /** A personal coupon works only for a customer whose wallet holds it; a public one is a code anyone may type. */
    isPersonal: boolean('is_personal').notNull().default(false),
  },
  (t) => [uniqueIndex('coupons_code_upper_key').on(sql`upper(${t.code})`)],
);

/** The customer's coupon wallet: coupons handed to them, and each use. */
export const customerCoupons = pgTable(
  'customer_coupons',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    usedCount: integer('used_count').notNull().default(0),
  },
  (t) => [uniqueIndex('customer_coupons_customer_coupon_key').on(t.customerId, t.couponId)],
);

export const carts = pgTable('carts', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  addressId: integer('address_id').references(() => addresses.id, { onDelete: 'set null' }),
  couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const cartLines = pgTable(
  'cart_lines',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
    selected: boolean('selected').notNull().default(true),
    /** The customer accepts a similar product if this one has run out when the order is packed. */
    allowSubstitute: boolean('allow_substitute').notNull().default(true),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.productId] }),
    check('cart_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('wishlist_customer_product_key').on(t.customerId, t.productId)],
);

/** A customer's named shopping list ("Weekly shop", "Party"): products and quantities to add to the cart at once. */
export const shoppingLists = pgTable(
  'shopping_lists',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shopping_lists_customer_name_key').on(t.customerId, sql`lower(${t.name})`)],
);

export const shoppingListItems = pgTable(
  'shopping_list_items',
  {
    listId: integer('list_id')
      .notNull()
      .references(() => shoppingLists.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull().default(1),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.productId] }),
    check('shopping_list_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** What a delivery zone asks of every order: the smallest subtotal (selected lines, before discounts) it delivers. */
export const shippingZones = pgTable(
  'shipping_zones',
  {
    zone: text('zone', { enum: ['metro', 'regional', 'interstate', 'remote'] }).primaryKey(),
    minimumOrderCents: integer('minimum_order_cents').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('shipping_zones_minimum_non_negative', sql`${t.minimumOrderCents} >= 0`)],
);

/** Shipping rate table: one row per zone and service. Data, not code. */
export const shippingRates = pgTable(
  'shipping_rates',
  {
    id: serial('id').primaryKey(),
    zone: text('zone', { enum: ['metro', 'regional', 'interstate', 'remote'] }).notNull(),
    service: text('service', { enum: ['standard', 'express'] }).notNull(),
    baseCents: integer('base_cents').notNull(),
    perKgCents: integer('per_kg_cents').notNull(),
    freeOverCents: integer('free_over_cents'),
    etaDaysMin: integer('eta_days_min').notNull(),
    etaDaysMax: integer('eta_days_max').notNull(),
  },
  (t) => [uniqueIndex('shipping_rates_zone_service_key').on(t.zone, t.service)],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    status: text('status', { enum: orderStatuses }).notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    creditUsedCents: integer('credit_used_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    couponId: integer('coupon_id').references(() => coupons.id),
    shippingService: text('shipping_service', { enum: ['standard', 'express'] }).notNull(),
    shippingAddress: jsonb('shipping_address').notNull(),
    billingAddress: jsonb('billing_address').notNull(),
    /** The delivery window booked for it; null for courier zones (no windows) and older orders. */
    deliveryWindowId: integer('delivery_window_id').references(() => deliveryWindows.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The GST the total includes (contract gst.ts); null for orders placed before it was recorded. */
    gstCents: integer('gst_cents'),
    /** The customer's instructions for the driver; null when none were given. */
    deliveryNotes: text('delivery_notes'),
    /** Authority to leave: the order may be left at the door when nobody is home. */
    leaveUnattended: boolean('leave_unattended').notNull().default(false),
    /** A courier order's tracking reference, given when it is shipped. */
    trackingReference: text('tracking_reference'),
  },
  (t) => [
    index('orders_customer_created_idx').on(t.customerId, t.createdAt),
    check(
      'orders_gst_within_total',
      sql`${t.gstCents} is null or ${t.gstCents} between 0 and ${t.totalCents}`,
    ),
    // Blank instructions are none (null); the contract bounds them (DELIVERY_NOTES_MAX).
    check('orders_delivery_notes_length', sql`char_length(${t.deliveryNotes}) between 1 and 250`),
  ],
);

/**
 * How many orders each customer has awaiting payment, kept by triggers on `orders` (migration 0022), so checkout
 * reads one row where it would count every unpaid order. No row is none.
 */
export const unpaidOrderCounts = pgTable('unpaid_order_counts', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  n: integer('n').notNull(),
});

export const orderLines = pgTable(
  'order_lines',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    imageUrl: text('image_url').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    /** The product was GST-free when sold; null for lines of orders placed before it was recorded. */
    gstFree: boolean('gst_free'),
    /** The customer accepted a substitute for it; null for lines of orders placed before it was asked. */
    allowSubstitute: boolean('allow_substitute'),
    /** Once packed: how many went (of the substitute, when there is one). */
    packedQuantity: integer('packed_quantity'),
    /** Once packed, what went instead, at the price charged for it (the lower of the two). */
    substituteProductId: integer('substitute_product_id').references(() => products.id),
    substituteName: text('substitute_name'),
    substitutePriceCents: integer('substitute_price_cents'),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.productId] })],
);

/** Every move of an order's status: when, and who made it (the customer, a staff member, or the store's rounds). */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: orderStatuses }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    by: text('by', { enum: ['customer', 'staff', 'store'] }).notNull(),
    staffId: integer('staff_id'),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.id)],
);

/**
 * Money given back on an order after payment: at packing (what was not sent; one per order) or by the shop later.
 * `providerCents` goes back through the provider that took the payment, `creditCents` to store credit.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['packing', 'staff'] }).notNull(),
    providerCents: integer('provider_cents').notNull(),
    creditCents: integer('credit_cents').notNull(),
    reason: text('reason').notNull(),
    lineProductId: integer('line_product_id'),
    staffId: integer('staff_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('order_refunds_order_idx').on(t.orderId),
    uniqueIndex('order_refunds_one_packing')
      .on(t.orderId)
      .where(sql`${t.kind} = 'packing'`),
    check('order_refunds_amounts', sql`${t.providerCents} >= 0 and ${t.creditCents} >= 0`),
  ],
);

/**
 * Every change of a product's stock, written by a trigger on `products` (migration 0029), so the ledger always sums
 * to the stock whichever path changed it. The reason and the staff member come from the transaction's settings
 * `storefront.stock_reason` / `storefront.staff_id` (catalogue-admin/stock.repo.ts); without them a fall is a sale
 * and a rise an order's stock put back.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    stockAfter: integer('stock_after').notNull(),
    reason: text('reason', { enum: stockMovementReasons }).notNull(),
    staffId: integer('staff_id'),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stock_movements_product_idx').on(t.productId, t.id)],
);

export const vouchers = pgTable(
  'vouchers',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    amountCents: integer('amount_cents').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The batch a staff member made it in (gift vouchers are made in batches and exported as CSV). */
    batch: text('batch'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    redeemedBy: integer('redeemed_by').references(() => customers.id),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('vouchers_code_upper_key').on(sql`upper(${t.code})`)],
);

/** Store credit is append-only: the balance is the sum of a customer's entries and never drops below zero. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason', { enum: ['voucher', 'order_payment', 'order_refund', 'goodwill'] }).notNull(),
    orderId: integer('order_id').references(() => orders.id),
    voucherId: integer('voucher_id').references(() => vouchers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('credit_ledger_customer_idx').on(t.customerId)],
);
