import type { Db } from '../../db/client.js';
import type { WarnLog } from '../../lib/warn-log.js';
import { withdrawIfOrderCancelled } from './cancelled-order-mails.js';
import { MailRefused, type MailTransport } from './mail-transport.js';
import {
  claimDueMails,
  giveUpLapsedMails,
  isTimeCritical,
  markAddressRefused,
  markMailFailed,
  markMailSent,
  putBackUntried,
  renderedMail,
  renewClaim,
  type OutboxMailRow,
} from './outbox.repo.js';

export type MailWorkerSettings = {
  /**
   * The app's clock, which the worker does not read: claims and retries are timed by the database's (`now()`), one
   * for every process, so one whose clock runs ahead can neither take over mails another holds nor retry early.
   */
  now?: () => Date;
  log: WarnLog;
  /** Mails claimed per round; by default enough to keep each of the transport's connections busy. */
  batch?: number;
  /** How long a claim holds: longer than one mail can take to send. Each mail's is renewed just before it is sent. */
  claimMs?: number;
  /**
   * Attempts before a mail is given up as failed (the last error stays on its row); an attempt whose claim lapsed
   * without an answer (the process died or hung while sending) counts too. A mail the server refuses for good (a
   * 5xx to its recipient or its content) is given up at its first.
   */
  maxAttempts?: number;
  /** The first retry's delay; each later one doubles, up to an hour. */
  retryBaseMs?: number;
  /**
   * Withdraws a claimed mail that a later change made unwanted (the newsletter's, to an address that has left the
   * list since it was written), answering true when it did: it is then not sent. Asked of each mail just before it
   * is handed to the transport, so a change made while the earlier mails of its round were being sent counts too.
   * A mail about an order cancelled since is withdrawn by the worker itself (`withdrawIfOrderCancelled`).
   */
  withdraw?: (mail: OutboxMailRow) => Promise<boolean>;
};

const RETRY_CAP_MS = 60 * 60_000;
const MAILS_PER_CONNECTION = 5;

/** When a mail that has failed `attempts` times is tried again. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), RETRY_CAP_MS);
}

/**
 * A round's mails by address, each address's in the order they were written (UPDATE … RETURNING has none): an order's
 * "placed" reaches its customer before its "cancelled" while mails to other customers go side by side. An address's
 * time-critical mails (a password reset, a verification link) are a lane of their own, apart from its other mails,
 * and those lanes go first; among themselves they keep their order, so the newest link (the one that works) arrives
 * last.
 */
function lanesOf(mails: OutboxMailRow[]): OutboxMailRow[][] {
  const critical = new Map<string, OutboxMailRow[]>();
  const lanes = new Map<string, OutboxMailRow[]>();
  for (const mail of [...mails].sort((a, b) => a.id - b.id)) {
    const byAddress = isTimeCritical(mail.topic) ? critical : lanes;
    const address = mail.toAddress.toLowerCase();
    const lane = byAddress.get(address);
    if (lane) lane.push(mail);
    else byAddress.set(address, [mail]);
  }
  return [...critical.values(), ...lanes.values()];
}

/**
 * Runs `send` on every lane, `atOnce` lanes at a time. A failure (the database gone) stops every lane before its next
 * one, and is thrown once none is still sending: a round ends when all of it has.
 */
async function eachLane(
  lanes: OutboxMailRow[][],
  atOnce: number,
  send: (lane: OutboxMailRow[]) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failed = false;
  const runner = async () => {
    try {
      for (let lane = lanes[next++]; lane && !failed; lane = lanes[next++]) await send(lane);
    } catch (err) {
      failed = true;
      throw err;
    }
  };
  const ends = await Promise.allSettled(Array.from({ length: Math.min(atOnce, lanes.length) }, runner));
  const failure = ends.find((end) => end.status === 'rejected');
  if (failure) throw failure.reason;
}

/**
 * Sends the outbox. Runs beside the requests (never inside one) in every API process: each round claims due mails
 * with one statement that skips rows another process holds, so every mail is handed to the server by one process,
 * and sends as many at once as the transport takes, one address's mails one after another. Each mail is recorded
 * sent as soon as the server accepts it. A process killed mid-round leaves its claims to lapse, and the mail it was
 * handing over then (one per connection) is sent again, with the same Message-ID.
 */
export function createMailWorker(db: Db, transport: MailTransport, settings: MailWorkerSettings) {
  const batch = settings.batch ?? Math.max(10, transport.parallel * MAILS_PER_CONNECTION);
  const claimMs = settings.claimMs ?? 5 * 60_000;
  const maxAttempts = settings.maxAttempts ?? 10;
  const retryBaseMs = settings.retryBaseMs ?? 30_000;

  /** Sends a mail and records what became of it: sent, to be retried, or given up. */
  async function deliver(mail: OutboxMailRow): Promise<'sent' | 'retry' | 'given-up'> {
    try {
      const { subject, text, html } = renderedMail(mail);
      await transport.send({
        id: mail.id,
        createdAt: mail.createdAt,
        to: mail.toAddress,
        subject,
        text,
        html,
        headers: mail.headers,
      });
    } catch (err) {
      return recordFailure(mail, err);
    }
    // Before anything else that can fail: a round that fails after this does not send the mail again.
    await markMailSent(db, mail);
    return 'sent';
  }

  async function recordFailure(mail: OutboxMailRow, err: unknown): Promise<'retry' | 'given-up'> {
    const reason = err instanceof Error ? err.message : String(err);
    const refused = err instanceof MailRefused ? err.refused : null;
    const isGivenUp = refused !== null || mail.attempts >= maxAttempts;
    if (err instanceof MailRefused && err.refused === 'address') {
      await markAddressRefused(db, mail, reason, err.reply);
    } else {
      await markMailFailed(
        db,
        mail,
        refused === 'mail' ? `refused: ${reason}` : reason,
        isGivenUp ? 'give-up' : { retryInMs: retryDelayMs(mail.attempts, retryBaseMs) },
      );
    }
    settings.log.warn(
      { mailId: mail.id, topic: mail.topic, attempts: mail.attempts, reason },
      refused
        ? `mail refused for good (${refused})`
        : isGivenUp
          ? 'mail given up'
          : 'mail not sent; retrying later',
    );
    return isGivenUp ? 'given-up' : 'retry';
  }

  async function isWithdrawn(mail: OutboxMailRow): Promise<boolean> {
    if (await withdrawIfOrderCancelled(db, mail)) return true;
    return settings.withdraw ? settings.withdraw(mail) : false;
  }

  /** One round: sends what is due now; `claimed` counts the withdrawn mails too. */
  async function sendRound(): Promise<{ sent: number; failed: number; claimed: number }> {
    const claimed = await claimDueMails(db, claimMs, batch, maxAttempts);
    if (claimed.length === 0) {
      const gaveUp = await giveUpLapsedMails(db, maxAttempts);
      if (gaveUp > 0) settings.log.warn({ count: gaveUp }, 'mails given up: every attempt ended unanswered');
    }
    let sent = 0;
    let withdrawn = 0;
    await eachLane(lanesOf(claimed), transport.parallel, async (lane) => {
      for (const [index, mail] of lane.entries()) {
        // Renewed just before it goes: one withdrawn or taken over while the round sent the mails before it is left.
        const held = await renewClaim(db, mail, claimMs);
        if (!held) continue;
        if (await isWithdrawn(held)) {
          withdrawn += 1;
          continue;
        }
        const outcome = await deliver(held);
        if (outcome === 'sent') sent += 1;
        else if (outcome === 'retry') {
          // The address's later mails wait for this one: its customer reads "placed" before "cancelled".
          await putBackUntried(db, lane.slice(index + 1), held);
          return;
        }
      }
    });
    return { sent, failed: claimed.length - sent - withdrawn, claimed: claimed.length };
  }

  return {
    /** One round: sends what is due now. */
    async sendDue(): Promise<{ sent: number; failed: number }> {
      const { sent, failed } = await sendRound();
      return { sent, failed };
    },

    /** Runs rounds every `intervalMs` (one at a time) until stopped; a failing round is logged and retried. */
    start(intervalMs: number): () => Promise<void> {
      let stopped = false;
      let timer: NodeJS.Timeout | undefined;
      let running: Promise<unknown> = Promise.resolve();
      const round = () => {
        if (stopped) return;
        running = sendRound()
          .then((r) => (r.claimed === batch ? 0 : intervalMs))
          .catch((err: unknown) => {
            settings.log.warn({ err }, 'mail round failed');
            return intervalMs;
          })
          .then((wait) => {
            if (!stopped) timer = setTimeout(round, wait).unref();
          });
      };
      timer = setTimeout(round, 0).unref();
      return async () => {
        stopped = true;
        clearTimeout(timer);
        await running;
      };
    },
  };
}

export type MailWorker = ReturnType<typeof createMailWorker>;
