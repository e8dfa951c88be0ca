import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.js';

export const suburbs = pgTable(
  'suburbs',
  {
    id: integer('id').primaryKey(),
    postcode: text('postcode').notNull(),
    locality: text('locality').notNull(),
    state: text('state').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** ABS remoteness area 2016: 1 major city .. 5 very remote; null when the source has none. */
    remoteness: smallint('remoteness'),
  },
  (t) => [
    index('suburbs_postcode_idx').on(t.postcode),
    index('suburbs_locality_prefix_idx').using('btree', sql`lower(${t.locality}) text_pattern_ops`),
  ],
);

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2'),
    suburbId: integer('suburb_id')
      .notNull()
      .references(() => suburbs.id),
    suburb: text('suburb').notNull(),
    state: text('state').notNull(),
    postcode: text('postcode').notNull(),
    country: text('country').notNull().default('AU'),
    isDefaultShipping: boolean('is_default_shipping').notNull().default(false),
    isDefaultBilling: boolean('is_default_billing').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_customer_idx').on(t.customerId),
    uniqueIndex('addresses_one_default_shipping')
      .on(t.customerId)
      .where(sql`${t.isDefaultShipping}`),
    uniqueIndex('addresses_one_default_billing')
      .on(t.customerId)
      .where(sql`${t.isDefaultBilling}`),
  ],
);

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['subscribed', 'unsubscribed'] }).notNull(),
    source: text('source', { enum: ['account', 'footer'] }).notNull(),
    subscribedAt: timestamp('subscribed_at', { withTimezone: true }).notNull().defaultNow(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('newsletter_email_lower_key').on(sql`lower(${t.email})`)],
);

/**
 * One row per weekly newsletter issue, by the Sydney Thursday it is for: whoever writes the row writes the issue's
 * mails in the same transaction, so two processes never send one issue twice (newsletter/newsletter-issue.ts).
 */
export const newsletterIssues = pgTable('newsletter_issues', {
  issueDate: date('issue_date', { mode: 'string' }).primaryKey(),
  writtenAt: timestamp('written_at', { withTimezone: true }).notNull().defaultNow(),
  recipients: integer('recipients').notNull(),
  specials: integer('specials').notNull(),
});
