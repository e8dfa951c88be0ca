import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { MailLayout } from '../../modules/mail/mail-layout.js';
import { customers } from './customers.js';

/**
 * The transactional outbox: a mail is written in the transaction that causes it (so a committed order always gets
 * its mail and a rolled-back one never does) and sent afterwards by the mail worker.
 */
export const outboxMails = pgTable(
  'outbox_mails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What the mail is about (`password-reset`, `order-placed`, …), for logs and tests. */
    topic: text('topic').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    /**
     * What the mail says, as its layout's blocks (`MailLayout` without the subject): rendered to text and HTML by
     * the worker that sends it, so a row is about a third of the size of the two renderings it replaces.
     */
    content: jsonb('content').$type<Omit<MailLayout, 'subject'>>(),
    /** The mail as rendered, in rows written before `content` (migration 0023); new rows leave them empty. */
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    /** Extra headers, e.g. `List-Unsubscribe`. */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker that claimed the mail holds it until then; after that another may take it over. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The order an order mail is about: one for an order cancelled before it went is withdrawn. */
    orderId: integer('order_id'),
  },
  (t) => [
    index('outbox_mails_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    // An address's mails still to send, in the order written: a claim takes none written after one it cannot take.
    index('outbox_mails_pending_address_idx')
      .on(sql`lower(${t.toAddress})`, t.id)
      .where(sql`${t.status} = 'pending'`),
    check(
      'outbox_mails_content_or_bodies',
      sql`${t.content} is not null or (${t.textBody} is not null and ${t.htmlBody} is not null)`,
    ),
  ],
);

/**
 * Single-use links mailed to a customer: a password reset, or proof that they read mail at an address. Only the
 * token's SHA-256 is kept, so the table leaks nothing usable.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['password_reset', 'verify_email'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The address the link was sent to: verifying proves this one, not whatever the account holds later. */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_key').on(t.tokenHash),
    index('account_tokens_customer_idx').on(t.customerId, t.purpose),
  ],
);

export type OutboxMailRow = typeof outboxMails.$inferSelect;
export type AccountTokenRow = typeof accountTokens.$inferSelect;
