import {
  and,
  eq,
  gte,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { preparedPer } from '../../db/prepared.js';
import { customers, outboxMails, type OutboxMailRow } from '../../db/schema/index.js';
import { notifyCustomerChanged } from '../account/account.repo.js';
import { renderMail, type MailContent, type MailLayout } from './mail-layout.js';

export type { OutboxMailRow };

/** A mail to send: what it is about, to whom, and what it says, rendered when it is sent. */
export type NewMail = {
  topic: string;
  to: string;
  layout: MailLayout;
  headers?: Record<string, string>;
  /** The order an order mail is about: it is withdrawn if the order is cancelled before it goes. */
  orderId?: number;
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
        some.map(({ topic, to, layout: { subject, ...content }, headers, orderId }) => ({
          topic,
          to_address: to,
          subject,
          content,
          headers: headers ?? {},
          order_id: orderId ?? null,
        })),
      ),
      now: now.toISOString(),
    });
  }
}
const MAILS_PER_STATEMENT = 1000;

// Every order event writes one, a checkout batch one per order: one statement text for any number, prepared, the
// mails as one JSON array (parsed once, where text arrays of mails were escaped and parsed character by
// character). Every column in the schema's order, due at once by the database's clock (which times claims and
// retries); written at the caller's `now` (its Message-ID and Date).
const insertMailsOf = preparedPer((db) =>
  db
    .insert(outboxMails)
    .select(
      sql`select nextval(pg_get_serial_sequence('outbox_mails', 'id')), mail.topic, mail.to_address, mail.subject,
          mail.content, null::text, null::text, mail.headers, 'pending', 0, now(),
          null::timestamptz, null::text, ${sql.placeholder('now')}::timestamptz, null::timestamptz, mail.order_id
        from jsonb_to_recordset(${sql.placeholder('mails')}::jsonb)
          as mail(topic text, to_address text, subject text, content jsonb, headers jsonb, order_id integer)`,
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
 * Mails whose link runs out soon (a password reset works for 30 minutes): they neither wait behind an address's
 * earlier mails (one in retry back-off would hold them for up to an hour) nor hold its later ones back.
 */
export const TIME_CRITICAL_TOPICS: readonly string[] = [
  'password-reset',
  'verify-email',
  'staff-password-link',
];

export function isTimeCritical(topic: string): boolean {
  return TIME_CRITICAL_TOPICS.includes(topic);
}

/**
 * `ms` after the database's clock, to the millisecond a Date keeps (a claim is matched by equality). Claims and
 * retries are timed by the database, one clock for every process: a process whose own clock runs ahead can neither
 * take over a claim another holds nor retry a mail early.
 */
function dbNowPlus(ms: number | Placeholder): SQL {
  return sql`date_trunc('milliseconds', now() + ${ms}::double precision * interval '1 millisecond')`;
}

/**
 * Claims up to `limit` due mails for one worker for `claimMs`, in one statement: rows another worker is claiming at
 * the same moment are skipped (SKIP LOCKED), so two processes never take the same mail. An address's mails go in the
 * order written: a mail is not taken while one written before it to the same address is still to send and not taken
 * with it (waiting for a retry, held by another worker, being claimed by one this instant, or past the round's
 * limit). So a retry keeps its place before mails written since, and two processes never send one customer's mails
 * side by side. Time-critical mails (`TIME_CRITICAL_TOPICS`) stand outside that order.
 */
export async function claimDueMails(
  exec: Executor,
  claimMs: number,
  limit: number,
  maxAttempts: number,
): Promise<OutboxMailRow[]> {
  const due = exec.$with('due').as(
    exec
      .select({
        id: outboxMails.id,
        topic: outboxMails.topic,
        address: sql<string>`lower(${outboxMails.toAddress})`.as('address'),
      })
      .from(outboxMails)
      .where(
        and(
          eq(outboxMails.status, 'pending'),
          lte(outboxMails.nextAttemptAt, sql`now()`),
          or(isNull(outboxMails.claimedUntil), lte(outboxMails.claimedUntil, sql`now()`)),
          lt(outboxMails.attempts, maxAttempts),
        ),
      )
      .orderBy(outboxMails.nextAttemptAt, outboxMails.id)
      .limit(limit)
      .for('update', { skipLocked: true }),
  );
  const critical = sql.param([...TIME_CRITICAL_TOPICS]);
  return exec
    .with(due)
    .update(outboxMails)
    .set({ claimedUntil: dbNowPlus(claimMs), attempts: sql`${outboxMails.attempts} + 1` })
    .from(due)
    .where(
      and(
        eq(outboxMails.id, due.id),
        sql`(${due.topic} = any(${critical}::text[]) or not exists (
          select 1 from ${outboxMails} as earlier
          where earlier.status = 'pending' and lower(earlier.to_address) = ${due.address}
            and earlier.id < ${due.id} and earlier.id not in (select id from ${due})
            and earlier.topic <> all(${critical}::text[])))`,
      ),
    )
    .returning();
}

/**
 * Takes a claimed mail for sending, just before it is handed over: renews its claim for `claimMs` while its holder
 * still has it and it is still to send. Undefined once it was withdrawn (an order paid or cancelled meanwhile), given
 * up, or its claim lapsed and another worker took it over: the holder must then leave it.
 */
export async function renewClaim(
  exec: Executor,
  mail: OutboxMailRow,
  claimMs: number,
): Promise<OutboxMailRow | undefined> {
  const [row] = await renewClaimOf(exec).execute({
    id: mail.id,
    claim: claimOf(mail).toISOString(),
    claimMs,
  });
  return row;
}

// Asked of every mail: built and prepared once per connection.
const renewClaimOf = preparedPer((db) =>
  db
    .update(outboxMails)
    .set({ claimedUntil: dbNowPlus(sql.placeholder('claimMs')) })
    .where(
      and(
        eq(outboxMails.id, sql.placeholder('id')),
        eq(outboxMails.status, 'pending'),
        sql`${outboxMails.claimedUntil} = ${sql.placeholder('claim')}::timestamptz`,
      ),
    )
    .returning()
    .prepare('renew_mail_claim'),
);

/**
 * Gives up mails whose every attempt ended with its claim lapsing (the process sending it died or hung each time,
 * so no failure was recorded): without this they would be claimed again for ever.
 */
export async function giveUpLapsedMails(exec: Executor, maxAttempts: number): Promise<number> {
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
        lte(outboxMails.claimedUntil, sql`now()`),
      ),
    )
    .returning({ id: outboxMails.id });
  return rows.length;
}

/**
 * Withdraws an unsent mail that a later event made wrong (an order's "awaits payment" once it is paid or cancelled):
 * it is kept as failed, with `reason`. A worker holding it finds its claim gone just before sending it, and leaves it;
 * one already handing it to the server marks it sent, saying so (`markMailSent`).
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
 * Records a mail the server accepted, as soon as it did: before anything else the round does can fail, which would
 * leave it pending, to be sent again once its claim lapses. Recorded whoever holds it by now, since it went; one
 * withdrawn or given up while it was being handed over keeps why in `lastError`, behind "sent after it was given up".
 * A refusal of its address on a customer is cleared (`markAddressRefused`): the address takes mail again.
 */
export async function markMailSent(exec: Executor, mail: OutboxMailRow): Promise<void> {
  await markMailSentOf(exec).execute({ id: mail.id });
}

// Every mail sent runs it: one statement, whose customers part finds nothing (by the address's index) but after a
// refusal. The customers' columns are written here, not through the account module, to be one statement.
const markMailSentOf = preparedPer((db) => {
  const sent = db.$with('sent').as(
    db
      .update(outboxMails)
      .set({
        status: 'sent',
        sentAt: sql`now()`,
        claimedUntil: null,
        lastError: sql`case when ${outboxMails.status} = 'failed'
          then 'sent after it was given up: ' || coalesce(${outboxMails.lastError}, 'failed') end`,
      })
      .where(and(eq(outboxMails.id, sql.placeholder('id')), ne(outboxMails.status, 'sent')))
      .returning({ address: sql<string>`lower(${outboxMails.toAddress})`.as('address') }),
  );
  return db
    .with(sent)
    .update(customers)
    .set({ emailRefusedAt: null, emailRefusedReason: null })
    .where(
      and(
        sql`lower(${customers.email}) = (select ${sent.address} from ${sent})`,
        isNotNull(customers.emailRefusedAt),
      ),
    )
    .returning({ notified: notifyCustomerChanged })
    .prepare('mark_mail_sent');
});

/** The `lastError` of a mail whose address the server refused (a 5xx to it as recipient). */
export const ADDRESS_REFUSED = 'address refused: ';

/**
 * Gives up a mail whose address the server refused for good (while its claim is the one it was sent under), and in
 * the same statement marks the customers using that address (case aside) with the server's `reply`, whoever holds
 * the mail by now: their account asks them to correct it until a mail to it is delivered (`markMailSent`) or they
 * change it.
 */
export async function markAddressRefused(
  exec: Executor,
  mail: OutboxMailRow,
  error: string,
  reply: string,
): Promise<void> {
  const failed = exec.$with('failed').as(
    exec
      .update(outboxMails)
      .set({ status: 'failed', claimedUntil: null, lastError: `${ADDRESS_REFUSED}${error}`.slice(0, 500) })
      .where(and(eq(outboxMails.id, mail.id), eq(outboxMails.claimedUntil, claimOf(mail))))
      .returning({ id: outboxMails.id }),
  );
  await exec
    .with(failed)
    .update(customers)
    .set({ emailRefusedAt: sql`now()`, emailRefusedReason: reply.slice(0, 200) })
    .where(sql`lower(${customers.email}) = lower(${mail.toAddress})`)
    .returning({ notified: notifyCustomerChanged });
}

/**
 * Puts a mail that failed back in the queue `retryInMs` from now (the database's now), or gives it up as failed;
 * only while its claim is the one it was sent under.
 */
export async function markMailFailed(
  exec: Executor,
  mail: OutboxMailRow,
  error: string,
  next: { retryInMs: number } | 'give-up',
): Promise<void> {
  await exec
    .update(outboxMails)
    .set({
      lastError: error.slice(0, 500),
      claimedUntil: null,
      ...(next === 'give-up' ? { status: 'failed' as const } : { nextAttemptAt: dbNowPlus(next.retryInMs) }),
    })
    .where(and(eq(outboxMails.id, mail.id), eq(outboxMails.claimedUntil, claimOf(mail))));
}

/** The rows of `mails`, each while its claim is still the one it was claimed under. */
function stillClaimedAs(mails: OutboxMailRow[]): SQL {
  const ids = mails.map((m) => m.id);
  const claims = mails.map((m) => claimOf(m).toISOString());
  return sql`(${outboxMails.id}, ${outboxMails.claimedUntil}) in (select * from unnest(${sql.param(ids)}::bigint[], ${sql.param(claims)}::timestamptz[]))`;
}

function claimOf(mail: OutboxMailRow): Date {
  if (!mail.claimedUntil) throw new Error(`mail ${mail.id} is not claimed`);
  return mail.claimedUntil;
}

/**
 * Puts claimed mails back unsent and untried (their claim's attempt taken back), due when `behind` is (now, if it
 * was given up meanwhile): mails held back behind an earlier mail to the same address that the server refused for
 * now, so they follow it.
 */
export async function putBackUntried(
  exec: Executor,
  mails: OutboxMailRow[],
  behind: OutboxMailRow,
): Promise<void> {
  if (mails.length === 0) return;
  await exec
    .update(outboxMails)
    .set({
      claimedUntil: null,
      nextAttemptAt: sql`coalesce((select e.next_attempt_at from outbox_mails e
        where e.id = ${behind.id} and e.status = 'pending'), now())`,
      attempts: sql`${outboxMails.attempts} - 1`,
    })
    .where(stillClaimedAs(mails));
}

/** Sent mails are kept a while for support questions, then dropped. */
export async function deleteSentMailsBefore(exec: Executor, before: Date): Promise<void> {
  await exec.delete(outboxMails).where(and(eq(outboxMails.status, 'sent'), lte(outboxMails.sentAt, before)));
}
