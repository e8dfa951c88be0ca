import type { Db } from '../client.js';
import { seedDemoDeliveryWindows } from './delivery-windows.js';
import { seedDemo } from './demo.js';
import { seedDemoOrders } from './orders.js';
import { seedDemoCoupons, seedProducts } from './products.js';
import { seedShippingRates } from './shipping-rates.js';
import { seedDemoShoppingLists } from './shopping-lists.js';
import { seedDemoStaff } from './staff.js';
import { seedSuburbs } from './suburbs.js';
import { seedDemoWallet } from './wallet.js';

/** Reference data every store needs (localities, shipping rates), then the demo data when asked for. */
export async function seed(db: Db, opts: { demo: boolean; scryptLogN: number }): Promise<void> {
  await seedSuburbs(db);
  await seedShippingRates(db);
  if (opts.demo) {
    await seedDemo(db, opts.scryptLogN);
    await seedProducts(db);
    await seedDemoCoupons(db);
    await seedDemoOrders(db);
    await seedDemoShoppingLists(db);
    await seedDemoWallet(db);
    await seedDemoDeliveryWindows(db);
    await seedDemoStaff(db, opts.scryptLogN);
  }
}
