import { and, asc, countDistinct, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { OrderStatus } from '@storefront/contract/order';
import type { Executor } from '../../db/client.js';
import { preparedPer } from '../../db/prepared.js';
import { orderLines, orders, products } from '../../db/schema/index.js';
import { productColumns, type ProductRow } from '../catalog/catalog.repo.js';

/** Orders that were bought: paid, in any state after (awaiting payment and cancelled ones are not). */
export const BOUGHT_STATUSES: readonly OrderStatus[] = [
  'paid',
  'picking',
  'packed',
  'out_for_delivery',
  'shipped',
  'delivered',
];

/**
 * "My usuals", in one statement: a read model over the customer's orders (the order module's tables) and the
 * products, as the staff's pick list is. The active products in most of the customer's bought orders, the one bought
 * most recently first among equals, then by id so the order is stable.
 */
export async function listUsualProducts(
  db: Executor,
  customerId: number,
  limit: number,
): Promise<ProductRow[]> {
  return usualsOf(db).execute({ customerId, limit });
}

const usualsOf = preparedPer((db) => {
  const bought = db
    .select({
      productId: orderLines.productId,
      orderCount: countDistinct(orderLines.orderId).as('order_count'),
      lastBought: max(orders.createdAt).as('last_bought'),
    })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(
      and(eq(orders.customerId, sql.placeholder('customerId')), inArray(orders.status, [...BOUGHT_STATUSES])),
    )
    .groupBy(orderLines.productId)
    .as('bought');
  return db
    .select(productColumns)
    .from(bought)
    .innerJoin(products, eq(products.id, bought.productId))
    .where(eq(products.isActive, true))
    .orderBy(desc(bought.orderCount), desc(bought.lastBought), asc(products.id))
    .limit(sql.placeholder('limit'))
    .prepare('list_usual_products');
});
