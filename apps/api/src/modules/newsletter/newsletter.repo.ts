import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { newsletterSubscriptions } from '../../db/schema/index.js';

export type SubscriptionRow = typeof newsletterSubscriptions.$inferSelect;

export async function findSubscription(db: Executor, email: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(newsletterSubscriptions)
    .where(sql`lower(${newsletterSubscriptions.email}) = ${email.toLowerCase()}`);
  return row;
}

/**
 * Subscribes, or re-subscribes, one address in one statement, so a double click cannot make two rows. Answers
 * whether the address joined now (it was not on the list): its `subscribed_at` is then this transaction's `now()`,
 * so call it inside a transaction.
 */
export async function upsertSubscribed(
  db: Executor,
  values: { email: string; customerId: number | null; source: 'account' | 'footer' },
): Promise<boolean> {
  // Raw SQL: the conflict target is the lower(email) expression index, which Drizzle's builder cannot name.
  await db.execute(sql`
    insert into newsletter_subscriptions (email, customer_id, status, source)
    values (${values.email.toLowerCase()}, ${values.customerId}, 'subscribed', ${values.source})
    on conflict (lower(email)) do update set
      status = 'subscribed',
      customer_id = coalesce(excluded.customer_id, newsletter_subscriptions.customer_id),
      subscribed_at = case when newsletter_subscriptions.status = 'subscribed'
        then newsletter_subscriptions.subscribed_at else now() end,
      unsubscribed_at = null`);
  const [row] = await db
    .select({ joined: sql<boolean>`${newsletterSubscriptions.subscribedAt} = now()` })
    .from(newsletterSubscriptions)
    .where(sql`lower(${newsletterSubscriptions.email}) = ${values.email.toLowerCase()}`);
  return row?.joined === true;
}

export async function markUnsubscribed(db: Executor, email: string): Promise<void> {
  await db
    .update(newsletterSubscriptions)
    .set({ status: 'unsubscribed', unsubscribedAt: sql`now()` })
    .where(
      sql`lower(${newsletterSubscriptions.email}) = ${email.toLowerCase()} and ${newsletterSubscriptions.status} = 'subscribed'`,
    );
}
