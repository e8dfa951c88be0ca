import { hash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { preparedPer, rawPlaceholders } from '../../db/prepared.js';
import { idempotencyKeys } from '../../db/schema/index.js';

export type IdempotencyScope = { customerId: number; route: string; key: string };

export type StoredAnswer = { status: number; body: unknown };

export type Claim =
  | { kind: 'new' }
  | { kind: 'replay'; answer: StoredAnswer }
  | { kind: 'reused' }
  /** Claimed by a request whose answer is not stored yet (outside a shared transaction only). */
  | { kind: 'pending' };

/** A stable digest of a request body: the same JSON, whatever its key order, hashes alike. */
export function hashRequest(body: unknown): string {
  return hash('sha256', stableJson(body), 'hex');
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * Claims a key for this request, stamped with the store's clock (`now`), which is the one its purge compares with.
 * Inside the transaction that does the work, a second request with the same key waits on the first one's
 * uncommitted row and then finds its answer: two concurrent requests do the work once.
 */
export async function claimKey(
  exec: Executor,
  scope: IdempotencyScope,
  requestHash: string,
  now: Date,
): Promise<Claim> {
  const inserted = await insertKeyOf(exec).execute({ ...scope, requestHash, createdAt: now.toISOString() });
  if (inserted.length > 0) return { kind: 'new' };
  return readClaim(exec, scope, requestHash);
}

/** What the key already there means for a request with it (one claimed and then given back answers new). */
async function readClaim(exec: Executor, scope: IdempotencyScope, requestHash: string): Promise<Claim> {
  const [row] = await exec
    .select()
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.customerId, scope.customerId),
        eq(idempotencyKeys.route, scope.route),
        eq(idempotencyKeys.key, scope.key),
      ),
    );
  if (!row) return { kind: 'new' };
  if (row.requestHash !== requestHash) return { kind: 'reused' };
  if (row.responseStatus === null) return { kind: 'pending' };
  return { kind: 'replay', answer: { status: row.responseStatus, body: row.responseBody } };
}

// Every request with a key claims it: built once, prepared.
const insertKeyOf = preparedPer((db) =>
  db
    .insert(idempotencyKeys)
    .values({
      ...rawPlaceholders(['customerId', 'route', 'key', 'requestHash'] as const),
      createdAt: sql`${sql.placeholder('createdAt')}::timestamptz`,
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
    .prepare('claim_idempotency_key'),
);

/**
 * An answer known before the work is done, as a new row's id: `{ status: 200, body: { [field]: id } }`, the id the
 * next value of the sequence behind `table`'s `column`.
 */
export type NewIdAnswer = { table: string; column: string; field: string };

/**
 * Claims a key with its answer already in it, a new id taken by the claim itself (`NewIdAnswer`): the work writes
 * its rows with that id and no second write saves the answer. Only in the transaction that does the work: no other
 * request sees the answer before the work is committed, and a refusal rolls the claim back with it. A key already
 * there is read instead (`readClaim`): a replay, a reuse with another request, or one still pending.
 */
export async function claimKeyAnsweringId(
  exec: Executor,
  scope: IdempotencyScope,
  requestHash: string,
  now: Date,
  answer: NewIdAnswer,
): Promise<{ claim: Claim; id?: number }> {
  const [row] = await insertKeyAnsweringIdOf(exec).execute({
    ...scope,
    requestHash,
    createdAt: now.toISOString(),
    ...answer,
  });
  if (row) return { claim: { kind: 'new' }, id: row.id };
  return { claim: await readClaim(exec, scope, requestHash) };
}

const insertKeyAnsweringIdOf = preparedPer((db) =>
  db
    .insert(idempotencyKeys)
    .select(
      sql`select ${sql.placeholder('customerId')}::int, ${sql.placeholder('route')}::text, ${sql.placeholder('key')}::text,
          ${sql.placeholder('requestHash')}::text, 200,
          jsonb_build_object(${sql.placeholder('field')}::text,
            nextval(pg_get_serial_sequence(${sql.placeholder('table')}, ${sql.placeholder('column')}))),
          ${sql.placeholder('createdAt')}::timestamptz`,
    )
    .onConflictDoNothing()
    .returning({
      id: sql<number>`(${idempotencyKeys.responseBody} ->> ${sql.placeholder('field')}::text)::int`,
    })
    .prepare('claim_idempotency_key_answering_id'),
);

export async function saveAnswer(
  exec: Executor,
  scope: IdempotencyScope,
  answer: StoredAnswer,
): Promise<void> {
  await saveAnswerOf(exec).execute({ ...scope, status: answer.status, body: JSON.stringify(answer.body) });
}

const saveAnswerOf = preparedPer((db) =>
  db
    .update(idempotencyKeys)
    .set({
      responseStatus: sql`${sql.placeholder('status')}::int`,
      responseBody: sql`${sql.placeholder('body')}::jsonb`,
    })
    .where(
      and(
        eq(idempotencyKeys.customerId, sql.placeholder('customerId')),
        eq(idempotencyKeys.route, sql.placeholder('route')),
        eq(idempotencyKeys.key, sql.placeholder('key')),
      ),
    )
    .prepare('save_idempotency_answer'),
);

/** Keys are kept at least a day (Stripe keeps them 24 hours). */
export async function pruneKeys(exec: Executor, olderThan: Date): Promise<void> {
  await exec.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, olderThan));
}
