import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { preparedPer } from '../../db/prepared.js';
import { customers, loginEvents, sessions } from '../../db/schema/index.js';
import { AUTH_CHANNEL } from './session-cache.js';

export type CustomerRow = typeof customers.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export async function findCustomerByEmail(db: Executor, email: string): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(customers)
    .where(sql`lower(${customers.email}) = ${email.toLowerCase()}`);
  return row;
}

const customerById = preparedPer((db) =>
  db
    .select()
    .from(customers)
    .where(eq(customers.id, sql.placeholder('id')))
    .prepare('find_customer_by_id'),
);

export async function findCustomerById(db: Executor, id: number): Promise<CustomerRow | undefined> {
  const [row] = await customerById(db).execute({ id });
  return row;
}

/** Several customers by id, in one statement. */
export async function findCustomersByIds(db: Executor, ids: number[]): Promise<Map<number, CustomerRow>> {
  const rows = await customersByIds(db).execute({ ids });
  return new Map(rows.map((row) => [row.id, row]));
}

const customersByIds = preparedPer((db) =>
  db
    .select()
    .from(customers)
    .where(sql`${customers.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('find_customers_by_ids'),
);

/** Locks the customer's row for the rest of the transaction: the one lock for changes that must not interleave per customer. */
export async function lockCustomer(tx: Executor, customerId: number): Promise<void> {
  await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
}

export async function findCustomerByGoogleSub(db: Executor, sub: string): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.googleSub, sub));
  return row;
}

export async function insertCustomer(
  db: Executor,
  values: typeof customers.$inferInsert,
): Promise<CustomerRow> {
  const [row] = await db.insert(customers).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Changes the customer; a new address (not the same one in other letters) leaves a refusal of the old one behind. */
export async function updateCustomer(
  db: Executor,
  id: number,
  values: Partial<typeof customers.$inferInsert>,
): Promise<CustomerRow | undefined> {
  const isOtherAddress =
    values.email === undefined ? undefined : sql`lower(${customers.email}) <> lower(${values.email})`;
  const [row] = await db
    .update(customers)
    .set({
      ...values,
      ...(isOtherAddress && {
        emailRefusedAt: sql`case when ${isOtherAddress} then null else ${customers.emailRefusedAt} end`,
        emailRefusedReason: sql`case when ${isOtherAddress} then null else ${customers.emailRefusedReason} end`,
      }),
      updatedAt: sql`now()`,
    })
    .where(eq(customers.id, id))
    .returning();
  return row;
}

/**
 * For the RETURNING of a statement that changes what a signed-in customer is shown but no trigger watches (their
 * address's refusal, migration 0006_auth_notify): every process drops its sessions of that customer from memory
 * once the statement's transaction commits.
 */
export const notifyCustomerChanged = sql<string>`pg_notify(${AUTH_CHANNEL}, 'c' || ${customers.id})`;

/**
 * Sets a new password hash only while the old one is still `currentHash`: of two changes checked against the same
 * password at once, one wins. Answers whether it did.
 */
export async function replacePasswordHash(
  db: Executor,
  id: number,
  currentHash: string,
  passwordHash: string,
): Promise<boolean> {
  const rows = await db
    .update(customers)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(and(eq(customers.id, id), eq(customers.passwordHash, currentHash)))
    .returning({ id: customers.id });
  return rows.length > 0;
}

export async function insertSession(db: Executor, values: typeof sessions.$inferInsert): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

// Every signed-in request runs it: built once, a prepared statement on PostgreSQL.
const liveSession = preparedPer((db) =>
  db
    .select({
      id: sessions.id,
      customerId: sessions.customerId,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      replacedAt: sessions.replacedAt,
      // The signed-in customer comes with the session, so a request that only needs them makes one round trip.
      customer: {
        email: customers.email,
        firstName: customers.firstName,
        lastName: customers.lastName,
        postCode: customers.postCode,
        suburb: customers.suburb,
        emailRefusedAt: customers.emailRefusedAt,
        emailRefusedReason: customers.emailRefusedReason,
      },
    })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        eq(customers.status, 'active'),
      ),
    )
    .prepare('find_live_session'),
);

export type LiveSession = Pick<SessionRow, 'id' | 'customerId' | 'createdAt' | 'expiresAt' | 'replacedAt'> & {
  customer: Pick<
    CustomerRow,
    'email' | 'firstName' | 'lastName' | 'postCode' | 'suburb' | 'emailRefusedAt' | 'emailRefusedReason'
  >;
};

/** A session that is neither ended nor revoked, of a customer who is not disabled, with that customer. */
export async function findLiveSession(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<LiveSession | undefined> {
  const [row] = await liveSession(db).execute({ tokenHash, now: now.toISOString() });
  return row;
}

/**
 * Marks a session as replaced and cuts it to the grace period; only the first caller wins, and is answered when its
 * customer signed in (what the session replacing it carries over). Undefined for every other caller.
 */
export async function claimRenewal(
  db: Executor,
  id: number,
  now: Date,
  graceEnds: Date,
): Promise<Date | undefined> {
  const [row] = await db
    .update(sessions)
    .set({
      replacedAt: now,
      expiresAt: sql`least(${sessions.expiresAt}, ${graceEnds.toISOString()}::timestamptz)`,
    })
    .where(and(eq(sessions.id, id), isNull(sessions.replacedAt), isNull(sessions.revokedAt)))
    .returning({ signedInAt: sessions.signedInAt });
  return row?.signedInAt;
}

/** When the customer of a session signed in. */
export async function findSignedInAt(db: Executor, id: number): Promise<Date | undefined> {
  const [row] = await db
    .select({ signedInAt: sessions.signedInAt })
    .from(sessions)
    .where(eq(sessions.id, id));
  return row?.signedInAt;
}

export async function revokeSession(db: Executor, id: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

export async function revokeOtherSessions(
  db: Executor,
  customerId: number,
  keepId: number,
  now: Date,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.customerId, customerId), ne(sessions.id, keepId), isNull(sessions.revokedAt)));
}

/** Ends every session of the customer at once (a password reset: whoever held one may be who forgot it). */
export async function revokeAllSessions(db: Executor, customerId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.customerId, customerId), isNull(sessions.revokedAt)));
}

export async function deleteSessionsEndedBefore(db: Executor, before: Date): Promise<void> {
  await db.delete(sessions).where(or(lt(sessions.expiresAt, before), lt(sessions.revokedAt, before)));
}

export async function insertLoginEvent(db: Executor, values: typeof loginEvents.$inferInsert): Promise<void> {
  await db.insert(loginEvents).values(values);
}

export async function recentLoginEvents(db: Executor, customerId: number, limit: number) {
  return db
    .select()
    .from(loginEvents)
    .where(eq(loginEvents.customerId, customerId))
    .orderBy(desc(loginEvents.createdAt), desc(loginEvents.id))
    .limit(limit);
}
