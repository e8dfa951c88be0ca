import { sql } from 'drizzle-orm';
import type { Executor } from '../client.js';
import { vouchers } from '../schema/index.js';
import { DEMO_LOGIN } from './demo.js';
import { startOfStoreDay } from './store-days.js';

/** Demo gift vouchers and a goodwill credit for the demo customer. Keyed on natural keys, so a restart adds nothing. */
export async function seedDemoWallet(db: Executor, now = new Date()): Promise<void> {
  // Raw SQL: the conflict target is the upper(code) expression index, which Drizzle's builder cannot name.
  for (const v of [
    { code: 'GIFT-2500', amountCents: 2500, expiresAt: startOfStoreDay(now, 366) },
    { code: 'GIFT-EXPIRED', amountCents: 1000, expiresAt: startOfStoreDay(now, -30) },
  ]) {
    await db.execute(sql`
      insert into ${vouchers} (code, amount_cents, expires_at)
      values (${v.code}, ${v.amountCents}, ${v.expiresAt.toISOString()}::timestamptz)
      on conflict (upper(code)) do nothing`);
  }
  await db.execute(sql`
    insert into credit_ledger (customer_id, amount_cents, reason)
    select c.id, 500, 'goodwill' from customers c
    where lower(c.email) = ${DEMO_LOGIN.email}
      and not exists (select 1 from credit_ledger l where l.customer_id = c.id)`);
}
