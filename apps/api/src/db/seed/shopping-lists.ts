import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../client.js';
import { customers, products, shoppingListItems, shoppingLists } from '../schema/index.js';
import { DEMO_LOGIN } from './demo.js';

/** The demo customer's list; seeded once, only while the customer has no lists. */
const demoList = {
  name: 'Weekly shop',
  items: [
    ['FV-001', 2],
    ['DY-001', 1],
    ['BK-001', 1],
    ['FV-003', 4],
    ['PT-002', 1],
  ] as [sku: string, quantity: number][],
};

export async function seedDemoShoppingLists(db: Executor): Promise<void> {
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(sql`lower(${customers.email}) = ${DEMO_LOGIN.email}`);
  if (!customer) return;
  const [existing] = await db
    .select({ id: shoppingLists.id })
    .from(shoppingLists)
    .where(eq(shoppingLists.customerId, customer.id))
    .limit(1);
  if (existing) return;
  const bySku = new Map(
    (
      await db
        .select({ id: products.id, sku: products.sku })
        .from(products)
        .where(
          inArray(
            products.sku,
            demoList.items.map(([sku]) => sku),
          ),
        )
    ).map((p) => [p.sku, p.id]),
  );
  const [list] = await db
    .insert(shoppingLists)
    .values({ customerId: customer.id, name: demoList.name })
    .returning({ id: shoppingLists.id });
  if (!list) return;
  const items = demoList.items.flatMap(([sku, quantity]) => {
    const productId = bySku.get(sku);
    return productId === undefined ? [] : [{ listId: list.id, productId, quantity }];
  });
  if (items.length > 0) await db.insert(shoppingListItems).values(items);
}
