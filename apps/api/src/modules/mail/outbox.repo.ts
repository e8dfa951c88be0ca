import { and, eq, gte, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { preparedPer } from '../../db/prepared.js';
import { outboxMails, type OutboxMailRow } from '../../db/schema/index.js';
import { renderMail, type MailContent, type MailLayout } from './mail-layout.js';

export type { OutboxMailRow };

/** A mail to send: what it is about, to whom, and what it says, rendered when it is sent. */
export type NewMail = {
  topic: string;
  to: string;
  layout: MailLayout;
  headers?: Record<string, string>;
};

/** Writes a mail in the caller's transaction: it is sent only if that transaction commits. */
export async function insertMail(exec: Executor, mail: NewMail, now: Date): Promise<void> {
  await insertMails(exec, [mail], now);
}

/** Writes many mails in the caller's transaction, a thousand to a statement (a newsletter issue's). */
export async function insertMails(exec: Executor, mails: NewMail[], now: Date): Promise<void> {
  for (let start = 0; start < mails.length; start += MAILS_PER_STATEMENT) {
    const some = mails.slice(start, start + MAILS_PER_STATEMENT);
    await insertMailsOf(exec).execute({
      mails: JSON.stringify(
        some.map(({ topic, to, layout: { subject, ...content }, headers }) => ({
          topic,
          to_address: to,
          subject,
          content,
          headers: headers ?? {},
        })),
      ),
      now: now.toISOString(),
    });
  }
}
const MAILS_PER_STATEMENT = 1000;

// Every order event writes one, a checkout batch one per order: one statement text for any number, prepared, the
// mails as one JSON array (parsed once, where text arrays of mails were escaped and parsed character by
// character). Every column in the schema's order, due at once.
const insertMailsOf = preparedPer((db) =>
  db
    .insert(outboxMails)
    .select(
      sql`select nextval(pg_get_serial_sequence('outbox_mails', 'id')), mail.topic, mail.to_address, mail.subject,
          mail.content, null::text, null::text, mail.headers, 'pending', 0, ${sql.placeholder('now')}::timestamptz,
          null::timestamptz, null::text, ${sql.placeholder('now')}::timestamptz, null::timestamptz
        from jsonb_to_recordset(${sql.placeholder('mails')}::jsonb)
          as mail(topic text, to_address text, subject text, content jsonb, headers jsonb)`,
    )
    .prepare('insert_mails'),
);

/** A mail as it goes out: its layout rendered, or the bodies a row written before layouts were kept holds. */
export function renderedMail(row: OutboxMailRow): MailContent {
  if (row.content) return renderMail({ subject: row.subject, ...row.content });
  if (row.textBody === null || row.htmlBody === null) throw new Error(`mail ${row.id} has nothing to send`);
  return { subject: row.subject, text: row.textBody, html: row.htmlBody };
}

/**
 * Claims up to `limit` due mails for one worker until `claimedUntil`, in one statement: rows another worker is
 * claiming at the same moment are skipped (SKIP LOCKED), so two processes never take the same mail. An address's
 * mails go in the order written: a mail is not taken while one written before it to the same address is still to
 * send and not taken with it (waiting for a retry, held by another worker, being claimed by one this instant, or
 * past the round's limit). So a retry keeps its place before mails written since, and two processes never send
 * one customer's mails side by side.
 */
export async function claimDueMails(
  exec: Executor,
  now: Date,
  claimedUntil: Date,
  limit: number,
  maxAttempts: number,
): Promise<OutboxMailRow[]> {
  const due = exec.$with('due').as(
    exec
      .select({ id: outboxMails.id, address: sql<string>`lower(${outboxMails.toAddress})`.as('address') })
      .from(outboxMails)
      .where(
        and(
          eq(outboxMails.status, 'pending'),
          lte(outboxMails.nextAttemptAt, now),
          or(isNull(outboxMails.claimedUntil), lte(outboxMails.claimedUntil, now)),
          lt(outboxMails.attempts, maxAttempts),
        ),
      )
      .orderBy(outboxMails.nextAttemptAt, outboxMails.id)
      .limit(limit)
      .for('update', { skipLocked: true }),
  );
  return exec
    .with(due)
    .update(outboxMails)
    .set({ claimedUntil, attempts: sql`${outboxMails.attempts} + 1` })
    .from(due)
    .where(
      and(
        eq(outboxMails.id, due.id),
        sql`not exists (
          select 1 from ${outboxMails} as earlier
          where earlier.status = 'pending' and lower(earlier.to_address) = ${due.address}
            and earlier.id < ${due.id} and earlier.id not in (select id from ${due}))`,
      ),
    )
    .returning();
}

/**
 * Holds a claimed mail longer, while its holder still has it; undefined when the claim lapsed and another worker
 * may have taken it over (the holder must then leave it).
 */
export async function extendClaim(
  exec: Executor,
  mail: OutboxMailRow,
  claimedUntil: Date,
): Promise<OutboxMailRow | undefined> {
  const [row] = await exec
    .update(outboxMails)
    .set({ claimedUntil })
    .where(
      and(
        eq(outboxMails.id, mail.id),
        eq(outboxMails.status, 'pending'),
        eq(outboxMails.claimedUntil, claimOf(mail)),
      ),
    )
    .returning();
  return row;
}

/**
 * Gives up mails whose every attempt ended with its claim lapsing (the process sending it died or hung each time,
 * so no failure was recorded): without this they would be claimed again for ever.
 */
export async function giveUpLapsedMails(exec: Executor, now: Date, maxAttempts: number): Promise<number> {
  const rows = await exec
    .update(outboxMails)
    .set({
      status: 'failed',
      claimedUntil: null,
      lastError: sql`coalesce(${outboxMails.lastError}, 'every attempt ended without an answer')`,
    })
    .where(
      and(
        eq(outboxMails.status, 'pending'),
        gte(outboxMails.attempts, maxAttempts),
        lte(outboxMails.claimedUntil, now),
      ),
    )
    .returning({ id: outboxMails.id });
  return rows.length;
}

/**
 * Withdraws an unsent mail that a later event made wrong (an order's "awaits payment" once it is paid or cancelled):
 * it is kept as failed, with `reason`. One being sent at this moment may still arrive, but its worker finds its claim
 * gone, so it is never retried after the mail that overtook it.
 */
export async function withdrawPendingMail(
  exec: Executor,
  mail: { topic: string; subject: string },
  reason: string,
): Promise<void> {
  await exec
    .update(outboxMails)
    .set({ status: 'failed', claimedUntil: null, lastError: `withdrawn: ${reason}` })
    .where(
      and(
        eq(outboxMails.status, 'pending'),
        eq(outboxMails.topic, mail.topic),
        eq(outboxMails.subject, mail.subject),
      ),
    );
}

/**
 * Marks mails sent in one statement, each only while its claim is the one it was sent under (a worker whose claim
 * lapsed finds it taken over).
 */
export async function markMailsSent(exec: Executor, mails: OutboxMailRow[], now: Date): Promise<void> {
  if (mails.length === 0) return;
  await exec
    .update(outboxMails)
    .set({ status: 'sent', sentAt: now, claimedUntil: null, lastError: null })
    .where(stillClaimedAs(mails));
}

/** The rows of `mails`, each while its claim is still the one it was claimed under. */
function stillClaimedAs(mails: OutboxMailRow[]): SQL {
  const ids = mails.map((m) => m.id);
  const claims = mails.map((m) => claimOf(m).toISOString());
  return sql`(${outboxMails.id}, ${outboxMails.claimedUntil}) in (select * from unnest(${sql.param(ids)}::bigint[], ${sql.param(claims)}::timestamptz[]))`;
}

/** Puts a mail that failed back in the queue for `nextAttemptAt`, or gives it up as failed. */
export async function markMailFailed(
  exec: Executor,
  mail: OutboxMailRow,
  error: string,
  next: { nextAttemptAt: Date } | 'give-up',
): Promise<void> {
  await exec
    .update(outboxMails)
    .set({
      lastError: error.slice(0, 500),
      claimedUntil: null,
      ...(next === 'give-up' ? { status: 'failed' as const } : { nextAttemptAt: next.nextAttemptAt }),
    })
    .where(and(eq(outboxMails.id, mail.id), eq(outboxMails.claimedUntil, claimOf(mail))));
}

function claimOf(mail: OutboxMailRow): Date {
  if (!mail.claimedUntil) throw new Error(`mail ${mail.id} is not claimed`);
  return mail.claimedUntil;
}

/**
 * Puts claimed mails back unsent and untried (their claim's attempt taken back), due at `nextAttemptAt`: mails held
 * back behind an earlier mail to the same address that the server refused, so they follow it.
 */
export async function putBackUntried(
  exec: Executor,
  mails: OutboxMailRow[],
  nextAttemptAt: Date,
): Promise<void> {
  if (mails.length === 0) return;
  await exec
    .update(outboxMails)
    .set({ claimedUntil: null, nextAttemptAt, attempts: sql`${outboxMails.attempts} - 1` })
    .where(stillClaimedAs(mails));
}

/** Sent mails are kept a while for support questions, then dropped. */
export async function deleteSentMailsBefore(exec: Executor, before: Date): Promise<void> {
  await exec.delete(outboxMails).where(and(eq(outboxMails.status, 'sent'), lte(outboxMails.sentAt, before)));
}
