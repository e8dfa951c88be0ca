import { sql } from 'drizzle-orm';
import { products } from '../../db/schema/index.js';

/**
 * A special runs from its start until its end by the database's clock, the one clock every API process shares: a
 * product's price is the same in every process, in the listing, the cart and the checkout that charges it.
 * (`now()` is the transaction's start, so one checkout prices every line at one instant.)
 */
export const specialRunningSql = sql<boolean>`(${products.specialPriceCents} is not null
  and ${products.specialStartsAt} <= now() and now() < ${products.specialEndsAt})`;

/** What a product sells for now: its special's price while the special runs, else its regular price. */
export const sellingPriceSql = sql<number>`(case when ${specialRunningSql} then ${products.specialPriceCents} else ${products.priceCents} end)`;
