import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  newsletterIssues,
  newsletterSubscriptions,
  outboxMails,
  products,
  type OutboxMailRow,
} from '../../db/schema/index.js';
import { sellingPriceSql, specialRunningSql } from '../catalog/selling-price.js';
import { LIST_MAIL_TOPICS } from './newsletter.mails.js';

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

export async function isIssueWritten(db: Executor, issueDate: string): Promise<boolean> {
  const [row] = await db
    .select({ issueDate: newsletterIssues.issueDate })
    .from(newsletterIssues)
    .where(eq(newsletterIssues.issueDate, issueDate));
  return row !== undefined;
}

/**
 * Records the issue of `issueDate` as written; answers false, writing nothing, when it already was (by another
 * process: the second waits on the key until the first commits).
 */
export async function claimIssue(
  tx: Executor,
  issue: { issueDate: string; recipients: number; specials: number },
): Promise<boolean> {
  const rows = await tx
    .insert(newsletterIssues)
    .values(issue)
    .onConflictDoNothing()
    .returning({ issueDate: newsletterIssues.issueDate });
  return rows.length > 0;
}

/** Every address on the list (an address is on it only once its owner confirmed it). */
export async function listSubscribedEmails(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ email: newsletterSubscriptions.email })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.status, 'subscribed'))
    .orderBy(asc(newsletterSubscriptions.id));
  return rows.map((r) => r.email);
}

export type IssueSpecial = { id: number; name: string; priceCents: number; wasPriceCents: number };

/** The products on special that can be bought, the biggest saving (as a share of the was price) first. */
export async function listIssueSpecials(db: Executor, limit: number): Promise<IssueSpecial[]> {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      priceCents: sellingPriceSql,
      wasPriceCents: products.priceCents,
    })
    .from(products)
    .where(and(eq(products.isActive, true), gt(products.stock, 0), specialRunningSql))
    .orderBy(
      desc(sql`(${products.priceCents} - ${sellingPriceSql})::float / ${products.priceCents}`),
      asc(products.id),
    )
    .limit(limit);
  return rows;
}

const listTopics: readonly string[] = LIST_MAIL_TOPICS;

/**
 * Withdraws a list mail (a welcome, an issue) the worker is about to send when its address is no longer on the
 * list, and answers whether it did: an issue's mails are all written when it goes out, and whoever unsubscribes
 * while theirs waits is not sent it. Kept as `failed`, `withdrawn: …`, like the outbox's other withdrawn mails.
 * Asked per mail just before it is sent, not once for the worker's round: an unsubscribe while the round's earlier
 * mails are being sent is caught too. Checked by the worker rather than by the unsubscribe, so an issue being
 * written at the same moment, whose mails the unsubscribe cannot see yet, is caught as well. Other mails cost no
 * statement.
 */
export async function withdrawIfOffTheList(db: Executor, mail: OutboxMailRow): Promise<boolean> {
  if (!listTopics.includes(mail.topic)) return false;
  const rows = await db
    .update(outboxMails)
    .set({
      status: 'failed',
      claimedUntil: null,
      lastError: 'withdrawn: the address left the list before it was sent',
    })
    .where(
      and(
        eq(outboxMails.id, mail.id),
        eq(outboxMails.status, 'pending'),
        sql`not exists (select 1 from newsletter_subscriptions s
          where lower(s.email) = lower(outbox_mails.to_address) and s.status = 'subscribed')`,
      ),
    )
    .returning({ id: outboxMails.id });
  return rows.length > 0;
}
