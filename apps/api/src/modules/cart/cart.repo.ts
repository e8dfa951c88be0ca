import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { preparedPer } from '../../db/prepared.js';
import { together } from '../../db/together.js';
import { cartLines, carts, coupons, customerCoupons, customers, products } from '../../db/schema/index.js';
import {
  cartProductColumns,
  productColumns,
  type CartProduct,
  type ProductRow,
} from '../catalog/catalog.repo.js';
import { sellingPriceSql } from '../catalog/selling-price.js';
import type { CustomerCoupon } from '../coupon/coupon.repo.js';

export type CartRow = typeof carts.$inferSelect;
export type CartLineRow = typeof cartLines.$inferSelect;

const cartLineColumns = {
  quantity: cartLines.quantity,
  selected: cartLines.selected,
  allowSubstitute: cartLines.allowSubstitute,
  addedAt: cartLines.addedAt,
};
export type CartLineState = Pick<CartLineRow, keyof typeof cartLineColumns>;

/** Locks the customer's carts row for the rest of the transaction, creating it first if missing. */
export async function lockCart(tx: Executor, customerId: number): Promise<void> {
  // Nearly every cart write finds the row there: one statement then, three for a customer's first.
  if ((await lockCartRow(tx).execute({ customerId })).length > 0) return;
  await tx.insert(carts).values({ customerId }).onConflictDoNothing();
  await lockCartRow(tx).execute({ customerId });
}

const lockCartRow = preparedPer((db) =>
  db
    .select({ id: carts.customerId })
    .from(carts)
    .where(eq(carts.customerId, sql.placeholder('customerId')))
    .for('update')
    .prepare('lock_cart'),
);

/**
 * What adding a product to a cart is checked against, in one statement: the product as it is now, the quantity
 * already on the customer's line for it, and how many lines their cart holds.
 */
export async function findAddContext(
  db: Executor,
  customerId: number,
  productId: number,
): Promise<{ product: ProductRow; inCart: number | null; lineCount: number } | undefined> {
  const [row] = await addContextOf(db).execute({ customerId, productId });
  return row;
}

const addContextOf = preparedPer((db) =>
  db
    .select({
      product: productColumns,
      inCart: sql<number | null>`(select ${cartLines.quantity} from ${cartLines}
        where ${cartLines.customerId} = ${sql.placeholder('customerId')} and ${cartLines.productId} = ${products.id})`,
      lineCount: sql<number>`(select count(*)::int from ${cartLines}
        where ${cartLines.customerId} = ${sql.placeholder('customerId')})`.mapWith(Number),
    })
    .from(products)
    .where(eq(products.id, sql.placeholder('productId')))
    .prepare('cart_add_context'),
);

/** The customer's cart row: the coupon applied and the address chosen, if any. */
export async function findCart(db: Executor, customerId: number): Promise<CartRow | undefined> {
  const [row] = await cartOf(db).execute({ customerId });
  return row;
}

const cartOf = preparedPer((db) =>
  db
    .select()
    .from(carts)
    .where(eq(carts.customerId, sql.placeholder('customerId')))
    .prepare('find_cart'),
);

/** The foreign key that keeps a cart's chosen address one that exists. */
export const CART_ADDRESS_EXISTS = 'carts_address_id_addresses_id_fk';

/** Sets the cart's coupon or chosen address, creating the cart row if missing. */
export async function updateCart(
  db: Executor,
  customerId: number,
  values: Partial<Pick<CartRow, 'couponId' | 'addressId'>>,
): Promise<void> {
  await db
    .insert(carts)
    .values({ customerId, ...values })
    .onConflictDoUpdate({ target: carts.customerId, set: { ...values, updatedAt: sql`now()` } });
}

/** The customer's cart lines with their products as they are now, newest first, in one statement. */
export async function listCartItems(
  db: Executor,
  customerId: number,
): Promise<{ line: CartLineState; product: CartProduct }[]> {
  return itemsOf(db).execute({ customerId });
}

const itemsOf = preparedPer((db) =>
  db
    .select({ line: cartLineColumns, product: cartProductColumns })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(eq(cartLines.customerId, sql.placeholder('customerId')))
    .orderBy(desc(cartLines.addedAt), asc(cartLines.productId))
    .prepare('list_cart_items'),
);

/**
 * The customer's selected lines with their products locked (in product id order, so checkouts of the same products
 * queue rather than deadlock), as of the lock, in one statement; newest line first. The caller holds the cart lock.
 */
export async function listSelectedLinesLockingProducts(
  tx: Executor,
  customerId: number,
): Promise<{ line: CartLineState; product: CartProduct }[]> {
  return (await selectedLocked(tx).execute({ customerId })).sort(newestFirst);
}

const selectedLocked = preparedPer((db) =>
  db
    .select({ line: cartLineColumns, product: cartProductColumns })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(and(eq(cartLines.customerId, sql.placeholder('customerId')), eq(cartLines.selected, true)))
    .orderBy(asc(products.id))
    .for('update', { of: products })
    .prepare('lock_selected_cart_products'),
);

function newestFirst(
  a: { line: CartLineState; product: CartProduct },
  b: { line: CartLineState; product: CartProduct },
): number {
  return b.line.addedAt.getTime() - a.line.addedAt.getTime() || a.product.id - b.product.id;
}

/** The customer's cart as read: its lines with their products, newest first, and its coupon. */
export type CartRows = {
  items: { line: CartLineState; product: CartProduct }[];
  coupon: CustomerCoupon | null;
};

/**
 * The whole cart in one statement and one row: its coupon with the customer's uses of it, and its lines with their
 * products (newest first) as one JSON array of arrays (`WholeCartLine`). A signed-in `cart/list` is this one round
 * trip. As one row per line, every line carried the coupon's thirteen columns again and the API decoded 28 fields a
 * line, most of its time on `cart/list` (docs/decisions/0010, "A cart is read as one row").
 */
export async function loadCartRows(db: Executor, customerId: number): Promise<CartRows> {
  const [row] = await wholeCartOf(db).execute({ customerId });
  const items = (row?.lines ?? []).map(wholeCartItem);
  const coupon = row?.coupon ? { coupon: row.coupon, customerUses: row.customerUses } : null;
  return { items, coupon };
}

/**
 * A line of `load_whole_cart`: the line's columns, then its product's. JSON writes `added_at` in ISO 8601 with its
 * offset, which a Date reads to the millisecond (the microseconds dropped, as a timestamp column is read).
 */
type WholeCartLine = [
  productId: CartProduct['id'],
  quantity: CartLineState['quantity'],
  selected: CartLineState['selected'],
  allowSubstitute: CartLineState['allowSubstitute'],
  addedAt: string,
  sku: CartProduct['sku'],
  name: CartProduct['name'],
  imageUrl: CartProduct['imageUrl'],
  category: CartProduct['category'],
  priceCents: CartProduct['priceCents'],
  stock: CartProduct['stock'],
  weightGrams: CartProduct['weightGrams'],
  isActive: CartProduct['isActive'],
  gstFree: CartProduct['gstFree'],
  regularPriceCents: CartProduct['regularPriceCents'],
];

function wholeCartItem([
  id,
  quantity,
  selected,
  allowSubstitute,
  addedAt,
  sku,
  name,
  imageUrl,
  category,
  priceCents,
  stock,
  weightGrams,
  isActive,
  gstFree,
  regularPriceCents,
]: WholeCartLine): { line: CartLineState; product: CartProduct } {
  return {
    line: { quantity, selected, allowSubstitute, addedAt: new Date(addedAt) },
    product: {
      id,
      sku,
      name,
      imageUrl,
      category,
      priceCents,
      regularPriceCents,
      stock,
      weightGrams,
      isActive,
      gstFree,
    },
  };
}

// Each line's product is looked up by its key whatever the plan (`offset 0`, as `lineStockOfMany` below).
const wholeCartOf = preparedPer((db) =>
  db
    .select({
      coupon: coupons,
      customerUses: customerCoupons.usedCount,
      lines: sql<WholeCartLine[] | null>`(
        select json_agg(json_build_array(${cartLines.productId}, ${cartLines.quantity}, ${cartLines.selected},
            ${cartLines.allowSubstitute}, ${cartLines.addedAt}, product.sku,
            product.name, product.image_url, product.category, product.price_cents, product.stock,
            product.weight_grams, product.is_active, product.gst_free, product.regular_price_cents)
          order by ${cartLines.addedAt} desc, ${cartLines.productId})
        from ${cartLines}
        cross join lateral (select ${products.sku} as sku, ${products.name} as name,
            ${products.imageUrl} as image_url, ${products.category} as category,
            ${sellingPriceSql} as price_cents, ${products.stock} as stock,
            ${products.weightGrams} as weight_grams, ${products.isActive} as is_active,
            ${products.gstFree} as gst_free, ${products.priceCents} as regular_price_cents
          from ${products} where ${products.id} = ${cartLines.productId} offset 0) as product
        where ${cartLines.customerId} = ${customers.id})`,
    })
    .from(customers)
    .leftJoin(carts, eq(carts.customerId, customers.id))
    .leftJoin(coupons, eq(coupons.id, carts.couponId))
    .leftJoin(
      customerCoupons,
      and(eq(customerCoupons.couponId, coupons.id), eq(customerCoupons.customerId, customers.id)),
    )
    .where(eq(customers.id, sql.placeholder('customerId')))
    .prepare('load_whole_cart'),
);

/** A line as far as the cart's counts need it: what it holds and whether its product can be had. */
export type CartLineStock = {
  productId: number;
  quantity: number;
  selected: boolean;
  product: { isActive: boolean; stock: number };
};

/** `cart_line_stock`'s lines (migration 0008): [product_id, quantity, selected, is_active, stock] each. */
type LineStockTuple = [number, number, boolean, boolean, number];

function lineStockOf(tuples: LineStockTuple[]): CartLineStock[] {
  return tuples.map(([productId, quantity, selected, isActive, stock]) => ({
    productId,
    quantity,
    selected,
    product: { isActive, stock },
  }));
}

/** The customer's lines with their products' availability, for the cart's counts without the whole listing. */
export async function listCartLineStock(db: Executor, customerId: number): Promise<CartLineStock[]> {
  const [row] = await lineStockRowOf(db).execute({ customerId });
  return row ? lineStockOf(row.lines) : [];
}

const lineStockRowOf = preparedPer((db) =>
  db
    .select({ lines: sql<LineStockTuple[]>`cart_line_stock(${customers.id})` })
    .from(customers)
    .where(eq(customers.id, sql.placeholder('customerId')))
    .prepare('list_cart_line_stock'),
);

/**
 * Locks the customer's carts row for the rest of the transaction and reads the coupon applied to it, with the
 * customer's uses of it, in one statement (checkout). Null for a customer without a carts row: nothing to order.
 */
export async function lockCartReadingCoupon(
  tx: Executor,
  customerId: number,
): Promise<{ coupon: CustomerCoupon | null } | null> {
  const [row] = await lockedCartCoupon(tx).execute({ customerId });
  if (!row) return null;
  return { coupon: row.coupon && { coupon: row.coupon, customerUses: row.customerUses } };
}

const lockedCartCoupon = preparedPer((db) =>
  db
    .select({ coupon: coupons, customerUses: customerCoupons.usedCount })
    .from(carts)
    .leftJoin(coupons, eq(coupons.id, carts.couponId))
    .leftJoin(
      customerCoupons,
      and(eq(customerCoupons.couponId, coupons.id), eq(customerCoupons.customerId, carts.customerId)),
    )
    .where(eq(carts.customerId, sql.placeholder('customerId')))
    .for('update', { of: carts })
    .prepare('lock_cart_reading_coupon'),
);

/** The customer's lines, newest first. */
export async function listCartLines(db: Executor, customerId: number): Promise<CartLineRow[]> {
  return linesOf(db).execute({ customerId });
}

const linesOf = preparedPer((db) =>
  db
    .select()
    .from(cartLines)
    .where(eq(cartLines.customerId, sql.placeholder('customerId')))
    .orderBy(desc(cartLines.addedAt), asc(cartLines.productId))
    .prepare('list_cart_lines'),
);

export async function findCartLine(
  db: Executor,
  customerId: number,
  productId: number,
): Promise<CartLineRow | undefined> {
  const [row] = await db
    .select()
    .from(cartLines)
    .where(and(eq(cartLines.customerId, customerId), eq(cartLines.productId, productId)));
  return row;
}

/**
 * Adds `quantity` to the customer's line in one statement: a new line, or the sum on the existing one, refused
 * inside the statement when the sum would pass `maxQuantity`. Answers the new quantity, or undefined when refused.
 */
export async function addToCartLine(
  db: Executor,
  line: { customerId: number; productId: number; quantity: number; maxQuantity: number },
): Promise<number | undefined> {
  const [row] = await addLineOf(db).execute(line);
  return row?.quantity;
}

// Every add runs it: built once, a prepared statement on PostgreSQL.
const addLineOf = preparedPer((db) =>
  db
    .insert(cartLines)
    .values({
      customerId: sql.placeholder('customerId'),
      productId: sql.placeholder('productId'),
      quantity: sql.placeholder('quantity'),
    })
    .onConflictDoUpdate({
      target: [cartLines.customerId, cartLines.productId],
      set: { quantity: sql`${cartLines.quantity} + excluded.quantity`, updatedAt: sql`now()` },
      setWhere: sql`${cartLines.quantity} + excluded.quantity <= ${sql.placeholder('maxQuantity')}`,
    })
    .returning({ quantity: cartLines.quantity })
    .prepare('add_cart_line'),
);

/**
 * Adds `quantity` of an active product to the customer's cart in one statement and no transaction: a new line, or
 * the sum on the existing one, only while the line stays within `maxQuantity` and the product's stock. The cart's
 * writers queue on its row and its line cap holds in the database (migration 0007), so no lock is taken here first.
 * Answers the cart's lines as the add left them, or undefined when one of those refused it (the caller finds out
 * which).
 */
export async function addToCartAtOnce(
  db: Executor,
  line: { customerId: number; productId: number; quantity: number; maxQuantity: number },
): Promise<CartLineStock[] | undefined> {
  const [row] = await addAtOnceOf(db).execute(line);
  return row && lineStockOf(row.lines);
}

/** A new line's columns besides what is added: ticked, substitutes allowed, added now. */
const newLineDefaults = {
  selected: sql<boolean>`true`.as('selected'),
  allowSubstitute: sql<boolean>`true`.as('allow_substitute'),
  addedAt: sql<Date>`now()`.as('added_at'),
  updatedAt: sql<Date>`now()`.as('updated_at'),
};

/** An add onto a line the cart holds: the sum, only within `maxQuantity` and the product's stock. */
const sumWithinStock = {
  target: [cartLines.customerId, cartLines.productId],
  set: { quantity: sql`${cartLines.quantity} + excluded.quantity`, updatedAt: sql`now()` },
  setWhere: sql`${cartLines.quantity} + excluded.quantity <= least(${sql.placeholder('maxQuantity')},
    (select ${products.stock} from ${products} where ${products.id} = excluded.product_id))`,
};

const addAtOnceOf = preparedPer((db) =>
  db
    .insert(cartLines)
    .select((qb) =>
      qb
        .select({
          customerId: sql<number>`${sql.placeholder('customerId')}::int`.as('customer_id'),
          productId: products.id,
          quantity: sql<number>`${sql.placeholder('quantity')}::int`.as('quantity'),
          ...newLineDefaults,
        })
        .from(products)
        .where(
          and(
            eq(products.id, sql.placeholder('productId')),
            eq(products.isActive, true),
            sql`${sql.placeholder('quantity')} <= least(${sql.placeholder('maxQuantity')}, ${products.stock})`,
          ),
        ),
    )
    .onConflictDoUpdate(sumWithinStock)
    // The cart's lines as they are once the line is written, under the cart's lock (migration 0008).
    .returning({ lines: sql<LineStockTuple[]>`cart_line_stock(${cartLines.customerId})` })
    .prepare('add_cart_line_at_once'),
);

export type CartAdd = { customerId: number; productId: number; quantity: number };

/**
 * `addToCartAtOnce` for several carts in one transaction and one round trip, one line per cart (the caller keeps
 * the customers distinct): each line is written or refused as it would be alone, the cart's lock taken line by line
 * in the order given (the trigger of migration 0007). Answers, per customer whose add went in, the cart's lines as
 * the add left them, read under the carts' locks once every line is written (one statement for all of them rather
 * than `cart_line_stock` per line); a customer missing from the answer had theirs refused. One of the lines breaking
 * the cart's cap fails the statement, and with it every line.
 */
export async function addToCartsAtOnce(
  db: Db,
  adds: CartAdd[],
  maxQuantity: number,
): Promise<Map<number, CartLineStock[]>> {
  const customerIds = adds.map((a) => a.customerId);
  return db.transaction(async (tx) => {
    const [added, stock] = await together([
      addAllAtOnceOf(tx).execute({
        customerIds,
        productIds: adds.map((a) => a.productId),
        quantities: adds.map((a) => a.quantity),
        maxQuantity,
      }),
      lineStockOfMany(tx).execute({ customerIds }),
    ]);
    const linesOf = new Map(stock.map((row) => [row.customerId, row.lines]));
    return new Map(added.map(({ customerId }) => [customerId, lineStockOf(linesOf.get(customerId) ?? [])]));
  });
}

const addAllAtOnceOf = preparedPer((db) =>
  db
    .insert(cartLines)
    .select((qb) =>
      qb
        .select({
          customerId: sql<number>`add.customer_id`.as('customer_id'),
          productId: products.id,
          quantity: sql<number>`add.quantity`.as('quantity'),
          ...newLineDefaults,
        })
        .from(
          sql`unnest(${sql.placeholder('customerIds')}::int[], ${sql.placeholder('productIds')}::int[],
            ${sql.placeholder('quantities')}::int[]) with ordinality as add(customer_id, product_id, quantity, n)`,
        )
        .innerJoin(products, eq(products.id, sql`add.product_id`))
        .where(
          and(
            eq(products.isActive, true),
            sql`add.quantity <= least(${sql.placeholder('maxQuantity')}, ${products.stock})`,
          ),
        )
        .orderBy(sql`add.n`),
    )
    .onConflictDoUpdate(sumWithinStock)
    .returning({ customerId: cartLines.customerId })
    .prepare('add_cart_lines_at_once'),
);

/**
 * `cart_line_stock` for many carts in one statement. Each line's product is looked up by its key (the `offset 0`
 * keeps the subquery from being merged into a join): without statistics the planner judges the lines by the
 * table's size, which deleted lines keep growing until a VACUUM, and would hash every product for them.
 */
const lineStockOfMany = preparedPer((db) =>
  db
    .select({
      customerId: cartLines.customerId,
      lines: sql<LineStockTuple[]>`json_agg(json_build_array(${cartLines.productId}, ${cartLines.quantity},
        ${cartLines.selected}, stock.is_active, stock.stock))`,
    })
    .from(cartLines)
    .innerJoin(
      sql`lateral (select ${products.isActive} as is_active, ${products.stock} as stock from ${products}
        where ${products.id} = ${cartLines.productId} offset 0) as stock`,
      sql`true`,
    )
    .where(sql`${cartLines.customerId} = any(${sql.placeholder('customerIds')}::int[])`)
    .groupBy(cartLines.customerId)
    .prepare('list_cart_line_stock_of_many'),
);

export async function updateCartLine(
  db: Executor,
  customerId: number,
  productId: number,
  values: { quantity?: number; selected?: boolean; allowSubstitute?: boolean },
): Promise<CartLineRow | undefined> {
  const [row] = await db
    .update(cartLines)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(cartLines.customerId, customerId), eq(cartLines.productId, productId)))
    .returning();
  return row;
}

/**
 * Changes a line's quantity, selection, substitute choice or several of them in one statement, when that needs no
 * question answered first: a new quantity is written only if the product is on sale with that much in stock (the
 * quantity the line already has is always accepted). Answers the line as written, or nothing when there is no such
 * line or the quantity is refused. It locks the customer's carts row first, as every cart writer does, so it
 * queues behind a checkout of the cart: one that read the line before it changed would otherwise delete it
 * afterwards, change and all.
 */
export async function updateCartLineAtOnce(
  db: Executor,
  line: {
    customerId: number;
    productId: number;
    quantity: number | null;
    selected: boolean | null;
    allowSubstitute: boolean | null;
  },
): Promise<CartLineState | undefined> {
  const [row] = await updateAtOnceOf(db).execute(line);
  return row;
}

const updateAtOnceOf = preparedPer((db) => {
  const quantity = sql`${sql.placeholder('quantity')}::int`;
  return db
    .update(cartLines)
    .set({
      quantity: sql`coalesce(${quantity}, ${cartLines.quantity})`,
      selected: sql`coalesce(${sql.placeholder('selected')}::boolean, ${cartLines.selected})`,
      allowSubstitute: sql`coalesce(${sql.placeholder('allowSubstitute')}::boolean, ${cartLines.allowSubstitute})`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(cartLines.customerId, sql.placeholder('customerId')),
        eq(cartLines.productId, sql.placeholder('productId')),
        sql`exists (select 1 from ${carts} where ${carts.customerId} = ${sql.placeholder('customerId')} for update)`,
        sql`(${quantity} is null or ${quantity} = ${cartLines.quantity} or exists (
          select 1 from ${products}
          where ${products.id} = ${cartLines.productId} and ${products.isActive} and ${products.stock} >= ${quantity}))`,
      ),
    )
    .returning(cartLineColumns)
    .prepare('update_cart_line_at_once');
});

export async function selectAllCartLines(db: Executor, customerId: number, selected: boolean): Promise<void> {
  await db
    .update(cartLines)
    .set({ selected, updatedAt: sql`now()` })
    .where(eq(cartLines.customerId, customerId))
    .execute();
}

export async function deleteCartLines(db: Executor, customerId: number, productIds: number[]): Promise<void> {
  await deleteCartLinesOf(
    db,
    productIds.map((productId) => ({ customerId, productId })),
  );
}

/**
 * Takes lines off several carts in one statement, each customer's products named: one statement text for any
 * number of lines, prepared once (checkout empties the ordered lines with it).
 */
export async function deleteCartLinesOf(
  db: Executor,
  lines: { customerId: number; productId: number }[],
): Promise<void> {
  if (lines.length === 0) return;
  await deleteLinesOfMany(db).execute({
    customerIds: lines.map((l) => l.customerId),
    productIds: lines.map((l) => l.productId),
  });
}

const deleteLinesOfMany = preparedPer((db) =>
  db
    .delete(cartLines)
    .where(
      sql`(${cartLines.customerId}, ${cartLines.productId}) in (select * from unnest(${sql.placeholder('customerIds')}::int[], ${sql.placeholder('productIds')}::int[]))`,
    )
    .prepare('delete_cart_lines_of_many'),
);
