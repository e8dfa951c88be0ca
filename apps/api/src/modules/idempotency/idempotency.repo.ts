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
 * Claims several customers' keys (one per customer) with their answers already in them, each a new id taken by the
 * claim itself (`NewIdAnswer`): the work writes its rows with those ids and no second write saves the answers. Only
 * for claims in the transaction that does the work, which gives back the keys of work it refuses (`releaseKeys`):
 * no other request sees an answer before the work is committed. Answers, by customer, the id of each key that was
 * new; a key already there is left to `claimKeyAnsweringId`, run on its own.
 */
export async function claimNewKeysAnsweringIds(
  exec: Executor,
  claims: { scope: IdempotencyScope; requestHash: string }[],
  now: Date,
  answer: NewIdAnswer,
): Promise<Map<number, number>> {
  if (claims.length === 0) return new Map();
  const rows = await insertKeysAnsweringIdsOf(exec).execute({
    ...scopeColumnsOf(claims.map((c) => c.scope)),
    requestHashes: claims.map((c) => c.requestHash),
    createdAt: now.toISOString(),
    ...answer,
  });
  return new Map(rows.map((row) => [row.customerId, row.id]));
}

/** One key claimed as `claimNewKeysAnsweringIds` claims them: the claim, and the new id when the key was new. */
export async function claimKeyAnsweringId(
  exec: Executor,
  scope: IdempotencyScope,
  requestHash: string,
  now: Date,
  answer: NewIdAnswer,
): Promise<{ claim: Claim; id?: number }> {
  const ids = await claimNewKeysAnsweringIds(exec, [{ scope, requestHash }], now, answer);
  const id = ids.get(scope.customerId);
  if (id !== undefined) return { claim: { kind: 'new' }, id };
  return { claim: await readClaim(exec, scope, requestHash) };
}

const insertKeysAnsweringIdsOf = preparedPer((db) =>
  db
    .insert(idempotencyKeys)
    .select(
      sql`select claim.customer_id, claim.route, claim.key, claim.request_hash, 200,
          jsonb_build_object(${sql.placeholder('field')}::text,
            nextval(pg_get_serial_sequence(${sql.placeholder('table')}, ${sql.placeholder('column')}))),
          ${sql.placeholder('createdAt')}::timestamptz
        from unnest(${sql.placeholder('customerIds')}::int[], ${sql.placeholder('routes')}::text[], ${sql.placeholder('keys')}::text[], ${sql.placeholder('requestHashes')}::text[]) as claim(customer_id, route, key, request_hash)`,
    )
    .onConflictDoNothing()
    .returning({
      customerId: idempotencyKeys.customerId,
      id: sql<number>`(${idempotencyKeys.responseBody} ->> ${sql.placeholder('field')}::text)::int`,
    })
    .prepare('claim_idempotency_keys_answering_ids'),
);

/** Gives claimed keys up in the transaction that claimed them, as if never claimed: the work was not done. */
export async function releaseKeys(exec: Executor, scopes: IdempotencyScope[]): Promise<void> {
  if (scopes.length === 0) return;
  await releaseKeysOf(exec).execute(scopeColumnsOf(scopes));
}

const releaseKeysOf = preparedPer((db) =>
  db
    .delete(idempotencyKeys)
    .where(
      sql`(${idempotencyKeys.customerId}, ${idempotencyKeys.route}, ${idempotencyKeys.key}) in (select * from unnest(${sql.placeholder('customerIds')}::int[], ${sql.placeholder('routes')}::text[], ${sql.placeholder('keys')}::text[]))`,
    )
    .prepare('release_idempotency_keys'),
);

/** Saves several claimed keys' answers in one statement. */
export async function saveAnswers(
  exec: Executor,
  answers: { scope: IdempotencyScope; answer: StoredAnswer }[],
): Promise<void> {
  if (answers.length === 0) return;
  await saveAnswersOf(exec).execute({
    ...scopeColumnsOf(answers.map((a) => a.scope)),
    statuses: answers.map((a) => a.answer.status),
    bodies: answers.map((a) => JSON.stringify(a.answer.body)),
  });
}

const saveAnswersOf = preparedPer((db) =>
  db
    .update(idempotencyKeys)
    .set({ responseStatus: sql`answer.status`, responseBody: sql`answer.body::jsonb` })
    .from(
      sql`unnest(${sql.placeholder('customerIds')}::int[], ${sql.placeholder('routes')}::text[], ${sql.placeholder('keys')}::text[], ${sql.placeholder('statuses')}::int[], ${sql.placeholder('bodies')}::text[]) as answer(customer_id, route, key, status, body)`,
    )
    .where(
      sql`${idempotencyKeys.customerId} = answer.customer_id and ${idempotencyKeys.route} = answer.route and ${idempotencyKeys.key} = answer.key`,
    )
    .prepare('save_idempotency_answers'),
);

function scopeColumnsOf(scopes: IdempotencyScope[]) {
  return {
    customerIds: scopes.map((s) => s.customerId),
    routes: scopes.map((s) => s.route),
    keys: scopes.map((s) => s.key),
  };
}

export async function saveAnswer(
  exec: Executor,
  scope: IdempotencyScope,
  answer: StoredAnswer,
): Promise<void> {
  await saveAnswers(exec, [{ scope, answer }]);
}

/** Keys are kept at least a day (Stripe keeps them 24 hours). */
export async function pruneKeys(exec: Executor, olderThan: Date): Promise<void> {
  await exec.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, olderThan));
}
