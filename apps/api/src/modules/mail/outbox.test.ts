import net, { type AddressInfo } from 'node:net';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { queryRows } from '../../db/client.js';
import { customers, outboxMails } from '../../db/schema/index.js';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp-catcher.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createProduct } from '../../../test/catalog-factories.js';
import {
  addAddress,
  addToCart,
  bearer,
  placeOrder,
  registerCustomer,
  type Customer,
} from '../../../test/factories.js';
import { verifyLinkMail } from '../email-verification/email-verification.mails.js';
import { resetLinkMail } from '../password-reset/password-reset.mails.js';
import { staffPasswordLinkMail } from '../staff/staff-mails.js';
import { createSmtpTransport, type MailTransport, type OutgoingMail } from './mail-transport.js';
import { createMailWorker, retryDelayMs } from './mail-worker.js';
import { renderMail } from './mail-layout.js';
import {
  claimDueMails,
  insertMail,
  insertMails,
  renderedMail,
  withdrawPendingMail,
  type NewMail,
} from './outbox.repo.js';

let smtp: SmtpCatcher;
let t: TestApp;
const quiet = { warn: () => undefined };

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Harbour Grocer <shop@harbour.test>' } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
beforeEach(async () => {
  // Each test owns the outbox: whatever an earlier one left is marked sent.
  await t.database.db.update(outboxMails).set({ status: 'sent' });
  smtp.mails.length = 0;
  smtp.refuseNext(0);
});

const db = () => t.database.db;

/** The catcher's SMTP, refusing for now (451) each mail whose subject `isRefused` says, as a busy mailbox does. */
function smtpRefusing(isRefused: (m: OutgoingMail) => boolean): MailTransport {
  const smtpTransport = createSmtpTransport(smtp.url, 'shop@harbour.test');
  return {
    kind: 'smtp',
    parallel: 1,
    async send(m) {
      if (isRefused(m)) throw new Error('451 4.2.1 Mailbox busy, try again later');
      await smtpTransport.send(m);
    },
    close: () => smtpTransport.close(),
  };
}

async function rowsTo(address: string) {
  return db().select().from(outboxMails).where(eq(outboxMails.toAddress, address)).orderBy(outboxMails.id);
}

async function rowsOf(written: NewMail) {
  return db().select().from(outboxMails).where(eq(outboxMails.subject, written.layout.subject));
}

/**
 * As if `ms` passed on the database's clock, which times claims and retries: the outbox's due times and the claims
 * of a worker no longer running move back by as much. (A running worker's claims must be left: it knows them.)
 */
async function letTimePass(ms: number): Promise<void> {
  const back = sql`${ms}::double precision * interval '1 millisecond'`;
  await db()
    .update(outboxMails)
    .set({
      nextAttemptAt: sql`${outboxMails.nextAttemptAt} - ${back}`,
      claimedUntil: sql`${outboxMails.claimedUntil} - ${back}`,
    })
    .where(eq(outboxMails.status, 'pending'));
}

async function databaseNow(): Promise<Date> {
  const [row] = await queryRows<{ now: string }>(db(), sql`select now()::text as now`);
  return new Date(row?.now ?? Number.NaN);
}

let n = 0;
function mail(overrides: Partial<NewMail> = {}): NewMail {
  n += 1;
  return {
    topic: 'test',
    to: `reader.${n}@example.com`,
    layout: {
      subject: `Mail ${n}`,
      heading: `Hello ${n}`,
      blocks: [{ kind: 'paragraph', text: `Mail ${n}.` }],
    },
    ...overrides,
  };
}

describe('the transactional outbox', () => {
  it('keeps a mail as written: its headers as an object, its layout to render, written at the time given, due at once', async () => {
    const headers = { 'List-Unsubscribe': '<https://shop.test/u?t="x",y>', 'X-Mark': '{braces}' };
    const written = mail({
      headers,
      layout: {
        subject: 'Quotes " and \\ backslashes, <tags> & ünïcödé',
        heading: 'Line one\nline two',
        blocks: [
          { kind: 'rows', rows: [{ label: '{"json": [1]}', value: '$1.00', strong: true }] },
          { kind: 'action', label: 'Go', url: 'https://shop.test/a?b=1&c="2"' },
        ],
        footer: ['Why', { text: 'Unsubscribe', url: 'https://shop.test/u' }],
      },
    });
    const at = new Date('2026-03-02T01:02:03.000Z');
    const before = await databaseNow();
    await insertMail(db(), written, at);
    const [row] = await db().select().from(outboxMails).where(eq(outboxMails.toAddress, written.to));
    expect(row).toMatchObject({ headers, subject: written.layout.subject, textBody: null, htmlBody: null });
    expect(row && renderedMail(row)).toEqual(renderMail(written.layout));
    expect(row?.createdAt.getTime()).toBe(at.getTime());
    // Due by the database's clock, which times claims and retries, whatever the writer's says.
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before.getTime());
    expect(row?.nextAttemptAt.getTime()).toBeLessThanOrEqual((await databaseNow()).getTime());
  });

  it('a mail written in a transaction that rolls back is never sent; a committed one is sent once', async () => {
    const lost = mail();
    const kept = mail();
    await expect(
      db().transaction(async (tx) => {
        await insertMail(tx, lost, t.clock.now());
        throw new Error('the order failed');
      }),
    ).rejects.toThrow('the order failed');
    await db().transaction((tx) => insertMail(tx, kept, t.clock.now()));

    expect(await t.app.mailWorker.sendDue()).toEqual({ sent: 1, failed: 0 });
    expect(await t.app.mailWorker.sendDue()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.mails.map((m) => m.to)).toEqual([[kept.to]]);
    expect(smtp.mails[0]).toMatchObject({
      subject: kept.layout.subject,
      text: renderMail(kept.layout).text,
    });
    expect(smtp.mails[0]?.from).toBe('shop@harbour.test');
    const [row] = await db().select().from(outboxMails).where(eq(outboxMails.toAddress, kept.to));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, claimedUntil: null });
    expect(smtp.mails[0]?.messageId).toBe(`<outbox-${row?.id}.${row?.createdAt.getTime()}@harbour.test>`);
  });

  it('a mail written before layouts were kept is sent as it was rendered; a row with neither is refused', async () => {
    const to = 'rendered.earlier@example.com';
    await db().insert(outboxMails).values({
      topic: 'test',
      toAddress: to,
      subject: 'Written earlier',
      textBody: 'Rendered text',
      htmlBody: '<p>Rendered html</p>',
    });
    expect(await t.app.mailWorker.sendDue()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.to(to)).toMatchObject([{ subject: 'Written earlier', text: 'Rendered text' }]);
    await expect(
      db().insert(outboxMails).values({ topic: 'test', toAddress: to, subject: 'Nothing', textBody: 'half' }),
    ).rejects.toMatchObject({ cause: { code: '23514' } });
  });

  it('a server that refuses for a while: the mail is retried with growing delays and sent once, nothing lost', async () => {
    const m = mail();
    await insertMail(db(), m, t.clock.now());
    smtp.refuseNext(2);

    expect(await t.app.mailWorker.sendDue()).toEqual({ sent: 0, failed: 1 });
    const [first] = await db().select().from(outboxMails).where(eq(outboxMails.toAddress, m.to));
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    expect(first?.lastError).toContain('try again later');
    const wait = (first?.nextAttemptAt.getTime() ?? 0) - (await databaseNow()).getTime();
    expect(wait).toBeGreaterThan(retryDelayMs(1, 30_000) - 5_000);
    expect(wait).toBeLessThanOrEqual(retryDelayMs(1, 30_000));

    // Not due yet: nothing is tried.
    expect(await t.app.mailWorker.sendDue()).toEqual({ sent: 0, failed: 0 });
    await letTimePass(retryDelayMs(1, 30_000));
    expect(await t.app.mailWorker.sendDue()).toEqual({ sent: 0, failed: 1 });
    await letTimePass(retryDelayMs(2, 30_000));
    expect(await t.app.mailWorker.sendDue()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.to(m.to)).toHaveLength(1);
  });

  it('while the SMTP server is down nothing is lost, and the mail goes once it is back', async () => {
    const m = mail();
    await insertMail(db(), m, t.clock.now());
    const down = createMailWorker(db(), createSmtpTransport('smtp://127.0.0.1:9', 'shop@harbour.test'), {
      log: quiet,
    });
    expect(await down.sendDue()).toEqual({ sent: 0, failed: 1 });
    const [row] = await db().select().from(outboxMails).where(eq(outboxMails.toAddress, m.to));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });

    await letTimePass(60_000);
    expect(await t.app.mailWorker.sendDue()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.to(m.to)).toHaveLength(1);
  });

  it("mails to different customers go side by side over connections kept open; each customer's go one after another, in the order written", async () => {
    const transport = createSmtpTransport(smtp.url, 'shop@harbour.test', { connections: 3 });
    const worker = createMailWorker(db(), transport, { log: quiet });
    const customers = Array.from({ length: 6 }, () => mail().to);
    const written = (to: string, which: string) =>
      mail({ to, layout: { subject: `${which} for ${to}`, heading: which, blocks: [] } });
    // Each customer's first mails, then each one's second: written apart, as an order's "placed" and "cancelled" are.
    await insertMails(
      db(),
      customers.map((to) => written(to, 'First')),
      t.clock.now(),
    );
    await insertMails(
      db(),
      customers.map((to) => written(to, 'Second')),
      t.clock.now(),
    );
    const opened = smtp.connections;
    const inFlight = new Set<string>();
    let most = 0;
    let sameCustomerAtOnce = false;
    smtp.onReceive(async (m) => {
      const to = m.to[0] ?? '';
      if (inFlight.has(to)) sameCustomerAtOnce = true;
      inFlight.add(to);
      most = Math.max(most, inFlight.size);
      // Each mail is held until three have been in flight together (a second at most): one at a time never gets there.
      for (let waited = 0; most < 3 && waited < 1000; waited += 10) await sleep(10);
      inFlight.delete(to);
    });
    try {
      expect(await worker.sendDue()).toEqual({ sent: 12, failed: 0 });
    } finally {
      smtp.onReceive(undefined);
      transport.close();
    }
    expect(most).toBe(3);
    expect(sameCustomerAtOnce).toBe(false);
    for (const to of customers)
      expect(smtp.to(to).map((m) => m.subject)).toEqual([`First for ${to}`, `Second for ${to}`]);
    // Twelve mails over three connections: each connection's greeting and EHLO paid once, not once a mail.
    expect(smtp.connections - opened).toBe(3);
  });

  it("a mail the server refuses holds back that customer's later mails until it goes; other customers' go now", async () => {
    // One connection: the lanes go one after another, the first customer's first.
    const transport = createSmtpTransport(smtp.url, 'shop@harbour.test', { connections: 1 });
    const worker = createMailWorker(db(), transport, { log: quiet });
    const customer = mail().to;
    const written = (to: string, subject: string) =>
      mail({ to, layout: { subject, heading: subject, blocks: [] } });
    const [placed, cancelled, other] = [
      written(customer, 'Order placed'),
      written(customer, 'Order cancelled'),
      mail(),
    ] as [NewMail, NewMail, NewMail];
    await insertMails(db(), [placed, cancelled, other], t.clock.now());
    try {
      smtp.refuseNext(1);
      expect(await worker.sendDue()).toEqual({ sent: 1, failed: 2 });
      expect(smtp.to(customer)).toEqual([]);
      expect(smtp.to(other.to)).toHaveLength(1);
      const rows = await db()
        .select()
        .from(outboxMails)
        .where(eq(outboxMails.toAddress, customer))
        .orderBy(outboxMails.id);
      // The cancellation was not tried: it waits for the placed mail's retry, its attempts untouched.
      expect(rows.map((r) => [r.status, r.attempts, r.claimedUntil])).toEqual([
        ['pending', 1, null],
        ['pending', 0, null],
      ]);
      expect(rows[1]?.nextAttemptAt).toEqual(rows[0]?.nextAttemptAt);

      await letTimePass(retryDelayMs(1, 30_000));
      expect(await worker.sendDue()).toEqual({ sent: 2, failed: 0 });
      expect(smtp.to(customer).map((m) => m.subject)).toEqual(['Order placed', 'Order cancelled']);
    } finally {
      transport.close();
    }
  });

  it("a mail written while the customer's earlier one waits for its retry waits behind it; other customers' go now", async () => {
    const customer = mail().to;
    const written = (subject: string) =>
      mail({ to: customer, layout: { subject, heading: subject, blocks: [] } });
    await insertMail(db(), written('Order placed'), t.clock.now());
    smtp.refuseNext(1);
    expect(await t.app.mailWorker.sendDue()).toEqual({ sent: 0, failed: 1 });

    const other = mail();
    await insertMails(db(), [written('Order cancelled'), other], t.clock.now());
    expect(await t.app.mailWorker.sendDue()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.to(other.to)).toHaveLength(1);
    expect(smtp.to(customer)).toEqual([]);

    await letTimePass(retryDelayMs(1, 30_000));
    expect(await t.app.mailWorker.sendDue()).toEqual({ sent: 2, failed: 0 });
    expect(smtp.to(customer).map((m) => m.subject)).toEqual(['Order placed', 'Order cancelled']);
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    "a worker claiming while another is taking a customer's first mail leaves the customer's later ones",
    async () => {
      const customer = mail().to;
      const [placed, cancelled, other] = [
        mail({ to: customer }),
        // Addresses are told apart as mail servers do, whatever their case.
        mail({ to: customer.toUpperCase() }),
        mail(),
      ] as [NewMail, NewMail, NewMail];
      await insertMails(db(), [placed, cancelled, other], t.clock.now());
      const [first] = await db()
        .select({ id: outboxMails.id })
        .from(outboxMails)
        .where(eq(outboxMails.toAddress, customer))
        .orderBy(outboxMails.id)
        .limit(1);
      // Another worker's claim, mid-statement: it has locked the customer's first mail and not yet marked it.
      const claimedBeside = await db().transaction(async (tx) => {
        await tx
          .select({ id: outboxMails.id })
          .from(outboxMails)
          .where(eq(outboxMails.id, first?.id ?? 0))
          .for('update');
        return claimDueMails(db(), 60_000, 10, 10);
      });
      expect(claimedBeside.map((m) => m.toAddress)).toEqual([other.to]);

      const claimedAfter = await claimDueMails(db(), 60_000, 10, 10);
      expect(claimedAfter.map((m) => m.toAddress).sort()).toEqual([placed.to, cancelled.to].sort());
    },
  );

  it('an SMTP server restarted between rounds: the connections it closed are let go and the next mails go on new ones', async () => {
    const transport = createSmtpTransport(smtp.url, 'shop@harbour.test', { connections: 2 });
    const worker = createMailWorker(db(), transport, { log: quiet });
    try {
      const before = [mail(), mail(), mail()];
      await insertMails(db(), before, t.clock.now());
      expect(await worker.sendDue()).toEqual({ sent: 3, failed: 0 });
      const opened = smtp.connections;

      await smtp.restart();
      const after = [mail(), mail(), mail()];
      await insertMails(db(), after, t.clock.now());
      expect(await worker.sendDue()).toEqual({ sent: 3, failed: 0 });
      expect(smtp.connections).toBeGreaterThan(opened);
      expect([...before, ...after].map((m) => smtp.to(m.to).length)).toEqual([1, 1, 1, 1, 1, 1]);
    } finally {
      transport.close();
    }
  });

  it('a server that takes connections and never answers: every mail of the round is put back for later, nothing lost', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const timeouts = { connectionTimeout: 200, greetingTimeout: 200, socketTimeout: 400 };
    const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`, 'shop@harbour.test', {
      connections: 2,
      timeouts,
    });
    const mails = [mail(), mail(), mail()];
    await insertMails(db(), mails, t.clock.now());
    try {
      const hanging = createMailWorker(db(), transport, { log: quiet });
      expect(await hanging.sendDue()).toEqual({ sent: 0, failed: 3 });
    } finally {
      transport.close();
      silent.close();
    }
    const rows = await db()
      .select()
      .from(outboxMails)
      .where(
        inArray(
          outboxMails.toAddress,
          mails.map((m) => m.to),
        ),
      );
    expect(rows.map((r) => [r.status, r.attempts, r.claimedUntil, r.lastError])).toEqual(
      mails.map(() => ['pending', 1, null, 'Greeting never received']),
    );
    await letTimePass(retryDelayMs(1, 30_000));
    expect(await t.app.mailWorker.sendDue()).toEqual({ sent: 3, failed: 0 });
    expect(mails.map((m) => smtp.to(m.to).length)).toEqual([1, 1, 1]);
  });

  it('gives a mail up after the last attempt, keeping why', async () => {
    const m = mail();
    await insertMail(db(), m, t.clock.now());
    const stubborn = createMailWorker(db(), createSmtpTransport('smtp://127.0.0.1:9', 'shop@harbour.test'), {
      log: quiet,
      maxAttempts: 2,
      retryBaseMs: 1000,
    });
    expect(await stubborn.sendDue()).toEqual({ sent: 0, failed: 1 });
    await letTimePass(1000);
    expect(await stubborn.sendDue()).toEqual({ sent: 0, failed: 1 });
    const [row] = await db().select().from(outboxMails).where(eq(outboxMails.toAddress, m.to));
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    expect(row?.lastError).toBeTruthy();
  });

  it('a worker that dies holding mails: once its claim lapses another sends them, with the same Message-ID', async () => {
    const m = mail();
    await insertMail(db(), m, t.clock.now());
    const claimed = await claimDueMails(db(), 60_000, 10, 10);
    expect(claimed.map((c) => c.toAddress)).toEqual([m.to]);

    // Still held: the other worker leaves it.
    expect(await t.app.mailWorker.sendDue()).toEqual({ sent: 0, failed: 0 });
    await letTimePass(60_001);
    expect(await t.app.mailWorker.sendDue()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.to(m.to).map((x) => x.messageId)).toEqual([
      `<outbox-${claimed[0]?.id}.${claimed[0]?.createdAt.getTime()}@harbour.test>`,
    ]);
  });

  it("a mail's Message-ID and Date are those of its writing: the same on a retry, its own once the ids start again", async () => {
    const transport = createSmtpTransport(smtp.url, 'shop@harbour.test');
    const written = new Date('2026-03-02T01:02:03.000Z');
    const one = { id: 7, to: 'restored@example.com', subject: 'a', text: 'a', html: '<p>a</p>', headers: {} };
    await transport.send({ ...one, createdAt: written });
    await transport.send({ ...one, createdAt: written });
    // The same id again, for another mail: after a database was restored from a backup, say.
    await transport.send({ ...one, subject: 'b', createdAt: new Date(written.getTime() + 3_600_000) });
    transport.close();
    const [first, retried, other] = smtp.to(one.to);
    expect(retried?.messageId).toBe(first?.messageId);
    expect(other?.messageId).not.toBe(first?.messageId);
    expect(first?.header('Date')).toBe('Mon, 02 Mar 2026 01:02:03 +0000');
    expect(retried?.header('Date')).toBe('Mon, 02 Mar 2026 01:02:03 +0000');
  });

  it("each mail's claim is renewed just before it is sent: a slow round keeps the mail it sends, and leaves one another worker took over", async () => {
    const mails = [mail(), mail(), mail()];
    for (const m of mails) await insertMail(db(), m, t.clock.now());
    const sent: string[] = [];
    let takenOver: string[] = [];
    // A slow relay: each mail takes 0.6 s, against claims of 1 s. While the first worker sends its second mail (its
    // claim renewed as it started), the claim of its third, taken with the round, lapses and a second worker claims it.
    const slow: MailTransport = {
      kind: 'smtp',
      parallel: 1,
      async send(m: OutgoingMail) {
        sent.push(m.to);
        await sleep(600);
        if (sent.length === 2)
          takenOver = (await claimDueMails(db(), 60_000, 10, 10)).map((x) => x.toAddress);
      },
      close: () => undefined,
    };
    const worker = createMailWorker(db(), slow, { log: quiet, claimMs: 1000 });
    expect(await worker.sendDue()).toEqual({ sent: 2, failed: 1 });
    expect(takenOver).toEqual([mails[2]?.to]);
    expect(sent).toEqual([mails[0]?.to, mails[1]?.to]);
  });

  it('a mail whose every attempt ended unanswered (the sender died each time) is given up after the last', async () => {
    const m = mail();
    await insertMail(db(), m, t.clock.now());
    for (let i = 0; i < 2; i += 1) {
      const claimed = await claimDueMails(db(), 60_000, 10, 2);
      expect(claimed.map((x) => x.toAddress)).toEqual([m.to]);
      await letTimePass(60_001);
    }
    const worker = createMailWorker(db(), createSmtpTransport(smtp.url, 'shop@harbour.test'), {
      log: quiet,
      maxAttempts: 2,
    });
    expect(await worker.sendDue()).toEqual({ sent: 0, failed: 0 });
    const [row] = await db().select().from(outboxMails).where(eq(outboxMails.toAddress, m.to));
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    expect(row?.lastError).toBe('every attempt ended without an answer');
    expect(smtp.to(m.to)).toHaveLength(0);
  });

  it('two API processes sending one outbox at once send every mail exactly once', async () => {
    const other = await createTestApp({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'shop@harbour.test' },
      database: t.database,
    });
    try {
      other.clock.set(t.clock.now());
      const mails = Array.from({ length: 24 }, () => mail());
      for (const m of mails) await insertMail(db(), m, t.clock.now());
      // Each process runs rounds until its rounds come back empty, both at the same time.
      const drain = async (app: TestApp['app']) => {
        for (;;) {
          const { sent, failed } = await app.mailWorker.sendDue();
          if (sent + failed === 0) return;
        }
      };
      await Promise.all([drain(t.app), drain(other.app), drain(t.app), drain(other.app)]);

      const received = mails.map((m) => smtp.to(m.to).length);
      expect(received).toEqual(mails.map(() => 1));
      const ids = smtp.mails.map((x) => x.messageId);
      expect(new Set(ids).size).toBe(24);
    } finally {
      await other.app.close();
    }
  });

  it('a mail the server accepted is recorded sent at once: a round that fails after handing it over does not send it again once its claim lapses', async () => {
    const to = mail().to;
    const [one, two] = [mail({ to }), mail({ to })] as [NewMail, NewMail];
    await insertMails(db(), [one, two], t.clock.now());
    const transport = createSmtpTransport(smtp.url, 'shop@harbour.test');
    const failing = createMailWorker(db(), transport, {
      log: quiet,
      // The first mail is accepted; then the round fails (its database gone) before the second goes.
      withdraw: (m) =>
        m.subject === two.layout.subject
          ? Promise.reject(new Error('the database went away'))
          : Promise.resolve(false),
    });
    try {
      await expect(failing.sendDue()).rejects.toThrow('the database went away');
    } finally {
      transport.close();
    }
    expect((await rowsTo(to)).map((r) => r.status)).toEqual(['sent', 'pending']);

    await letTimePass(5 * 60_000 + 1);
    expect(await t.app.mailWorker.sendDue()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.to(to).map((m) => m.subject)).toEqual([one.layout.subject, two.layout.subject]);
  });

  it("claims and retries go by the database's clock: a worker whose clock runs an hour ahead takes over no claim and retries nothing early", async () => {
    const held = mail();
    await insertMail(db(), held, t.clock.now());
    // Another process's claim, for a minute of the database's time.
    expect((await claimDueMails(db(), 60_000, 10, 10)).map((m) => m.toAddress)).toEqual([held.to]);
    const refused = mail();
    await insertMail(db(), refused, t.clock.now());
    smtp.refuseNext(1);
    expect(await t.app.mailWorker.sendDue()).toEqual({ sent: 0, failed: 1 });

    const transport = createSmtpTransport(smtp.url, 'shop@harbour.test');
    const ahead = createMailWorker(db(), transport, {
      now: () => new Date(Date.now() + 3_600_000),
      log: quiet,
    });
    try {
      expect(await ahead.sendDue()).toEqual({ sent: 0, failed: 0 });
    } finally {
      transport.close();
    }
    expect(smtp.mails).toEqual([]);
  });

  it('a password reset, an address check and a staff password link go at once, not behind an earlier mail to the address waiting for its retry', async () => {
    const to = mail().to;
    const written = (subject: string) => mail({ to, layout: { subject, heading: subject, blocks: [] } });
    const link = 'https://shop.test/link?token=x';
    const reset = resetLinkMail({ email: to, firstName: 'Kim' }, link);
    const check = verifyLinkMail({ email: to, firstName: 'Kim' }, link, 'resend');
    const staffLink = staffPasswordLinkMail({ email: to, name: 'Kim' }, link, 'reset');
    const transport = smtpRefusing((m) => m.subject === 'Order placed');
    const worker = createMailWorker(db(), transport, { log: quiet });
    try {
      // In one round: the reset is not put back behind the refused mail written before it.
      await insertMails(db(), [written('Order placed'), reset], t.clock.now());
      expect(await worker.sendDue()).toEqual({ sent: 1, failed: 1 });
      // In later rounds: the claim takes them though an earlier mail to the address waits for its retry.
      await insertMails(db(), [check, written('Order cancelled'), staffLink], t.clock.now());
      expect(await worker.sendDue()).toEqual({ sent: 2, failed: 0 });
    } finally {
      transport.close();
    }
    expect(smtp.to(to).map((m) => m.subject)).toEqual([reset, check, staffLink].map((m) => m.layout.subject));
    // The others keep their order.
    await letTimePass(retryDelayMs(1, 30_000));
    expect(await t.app.mailWorker.sendDue()).toEqual({ sent: 2, failed: 0 });
    expect(
      smtp
        .to(to)
        .map((m) => m.subject)
        .slice(3),
    ).toEqual(['Order placed', 'Order cancelled']);
  });

  /** A registered customer whose registration's mail has gone: the outbox holds nothing for them. */
  async function customerWithNoMailDue(): Promise<Customer> {
    const c = await registerCustomer(t.app);
    expect(await t.app.mailWorker.sendDue()).toEqual({ sent: 1, failed: 0 });
    return c;
  }

  async function refusalOf(c: Customer) {
    const [row] = await db()
      .select({ at: customers.emailRefusedAt, reason: customers.emailRefusedReason })
      .from(customers)
      .where(eq(customers.id, c.user.customerID));
    return row;
  }

  /** What customer/me says of the address, once every change to the customer is heard (sessions in memory). */
  async function emailRefusedShown(c: Customer) {
    await t.app.authChangesHeard();
    const res = await t.app.inject({ url: '/api/v1/customer/me', headers: bearer(c.token) });
    return res.json<{ data: { emailRefused: unknown } }>().data.emailRefused;
  }

  it('a mailbox the server says does not exist (550) is not retried: its mails fail at once, and the customer using the address is asked to correct it until a mail goes there', async () => {
    const c = await customerWithNoMailDue();
    const other = await customerWithNoMailDue();
    expect(await emailRefusedShown(c)).toBeNull();
    // Written to the address in other letters: the customer's all the same.
    const m = mail({ to: c.email.toUpperCase() });
    const later = mail({ to: c.email });
    smtp.refuseAddress(c.email);
    try {
      await insertMails(db(), [m, later], t.clock.now());
      expect(await t.app.mailWorker.sendDue()).toEqual({ sent: 0, failed: 2 });
    } finally {
      smtp.refuseAddress(c.email, null);
    }
    const rows = [...(await rowsOf(m)), ...(await rowsOf(later))];
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['failed', 1],
      ['failed', 1],
    ]);
    expect(rows[0]?.lastError).toMatch(/^address refused: .*550 5\.1\.1 No such mailbox/);
    const refusal = await refusalOf(c);
    expect(refusal?.reason).toBe('550 5.1.1 No such mailbox here');
    expect(await emailRefusedShown(c)).toEqual({
      at: refusal?.at?.toISOString(),
      reason: '550 5.1.1 No such mailbox here',
    });
    expect(await emailRefusedShown(other)).toBeNull();
    expect(await t.app.mailWorker.sendDue()).toEqual({ sent: 0, failed: 0 });

    // Taken again (the customer fixed a typo at their provider): the next mail goes, and the mark goes with it.
    await insertMail(db(), mail({ to: c.email }), t.clock.now());
    expect(await t.app.mailWorker.sendDue()).toEqual({ sent: 1, failed: 0 });
    expect(await refusalOf(c)).toEqual({ at: null, reason: null });
    expect(await emailRefusedShown(c)).toBeNull();
  });

  it('a mail refused for good after its content (554) fails at once without marking its address; one refused for now is retried', async () => {
    const c = await customerWithNoMailDue();
    const spam = mail({ to: c.email });
    await insertMail(db(), spam, t.clock.now());
    smtp.refuseNext(1, 554);
    expect(await t.app.mailWorker.sendDue()).toEqual({ sent: 0, failed: 1 });
    const [refused] = await rowsOf(spam);
    expect(refused).toMatchObject({ status: 'failed', attempts: 1 });
    expect(refused?.lastError).toMatch(/^refused: .*554 5\.7\.1 Message refused/);
    expect(await refusalOf(c)).toEqual({ at: null, reason: null });

    // A mailbox unavailable for now (450 to the address) is tried again.
    const busy = mail({ to: c.email });
    await insertMail(db(), busy, t.clock.now());
    smtp.refuseAddress(busy.to, 450);
    try {
      expect(await t.app.mailWorker.sendDue()).toEqual({ sent: 0, failed: 1 });
    } finally {
      smtp.refuseAddress(busy.to, null);
    }
    expect((await rowsOf(busy)).map((r) => [r.status, r.attempts])).toEqual([['pending', 1]]);
    expect(await refusalOf(c)).toEqual({ at: null, reason: null });
    await letTimePass(retryDelayMs(1, 30_000));
    expect(await t.app.mailWorker.sendDue()).toEqual({ sent: 1, failed: 0 });
  });

  it('a mail withdrawn while it was being handed to the server is recorded as sent, saying it was given up', async () => {
    const m = mail();
    await insertMail(db(), m, t.clock.now());
    const smtpTransport = createSmtpTransport(smtp.url, 'shop@harbour.test');
    const racing: MailTransport = {
      kind: 'smtp',
      parallel: 1,
      async send(out) {
        // The order is paid at the moment its mail is on the wire.
        await withdrawPendingMail(
          db(),
          { topic: 'test', subject: out.subject },
          'the order was paid before it was sent',
        );
        await smtpTransport.send(out);
      },
      close: () => smtpTransport.close(),
    };
    try {
      expect(await createMailWorker(db(), racing, { log: quiet }).sendDue()).toEqual({ sent: 1, failed: 0 });
    } finally {
      racing.close();
    }
    expect(smtp.to(m.to)).toHaveLength(1);
    const [row] = await rowsTo(m.to);
    expect(row).toMatchObject({
      status: 'sent',
      claimedUntil: null,
      lastError: 'sent after it was given up: withdrawn: the order was paid before it was sent',
    });
  });
});

describe("an order's mails in the outbox", () => {
  /** A customer's order awaiting payment, its mails (and the registration's) written and none sent yet. */
  async function orderAwaitingPayment() {
    const c = await registerCustomer(t.app);
    const addressID = await addAddress(t.app, c);
    const product = await createProduct(db(), { name: 'Rolled oats 1 kg', priceCents: 450, stock: 20 });
    await addToCart(t.app, c, product.id, 1);
    const order = await placeOrder(t.app, c, { addressID });
    return { c, orderID: order.orderID };
  }
  async function put(c: { token: string }, url: string, payload: object): Promise<number> {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1${url}`,
      headers: bearer(c.token),
      payload,
    });
    return res.json<{ code: number }>().code;
  }
  const orderMailsTo = (email: string) =>
    smtp
      .to(email)
      .map((m) => m.subject)
      .filter((subject) => subject.includes('SO-'));

  it('an order cancelled while the worker sends the mails before its "awaits payment": that mail, withdrawn meanwhile, is not handed over', async () => {
    const first = mail();
    await insertMail(db(), first, t.clock.now());
    const { c, orderID } = await orderAwaitingPayment();
    const smtpTransport = createSmtpTransport(smtp.url, 'shop@harbour.test');
    // One connection: the earlier mail goes first, and the customer cancels while it is on the wire.
    const cancelling: MailTransport = {
      kind: 'smtp',
      parallel: 1,
      async send(out) {
        if (out.to === first.to) expect(await put(c, '/order/cancel', { orderID })).toBe(0);
        await smtpTransport.send(out);
      },
      close: () => smtpTransport.close(),
    };
    try {
      expect(await createMailWorker(db(), cancelling, { log: quiet }).sendDue()).toEqual({
        sent: 2,
        failed: 1,
      });
    } finally {
      cancelling.close();
    }
    expect(orderMailsTo(c.email)).toEqual([]);
    const [awaiting] = await db()
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.subject, `We have your order SO-${orderID}: it awaits payment`));
    expect(awaiting).toMatchObject({
      status: 'failed',
      lastError: 'withdrawn: the order was cancelled before it was sent',
    });

    expect(await t.app.mailWorker.sendDue()).toEqual({ sent: 1, failed: 0 });
    expect(orderMailsTo(c.email)).toEqual([`Order SO-${orderID} is cancelled`]);
  });

  it('a mail about an order cancelled before it went out is withdrawn, saying so; the cancellation goes', async () => {
    const { c, orderID } = await orderAwaitingPayment();
    await t.app.mailWorker.sendDue();
    const moved = await addAddress(t.app, c);
    smtp.refuseNext(1);
    expect(await put(c, '/order/address', { orderID, addressID: moved })).toBe(0);
    // The new address's mail waits for its retry when the customer cancels.
    expect(await t.app.mailWorker.sendDue()).toEqual({ sent: 0, failed: 1 });
    expect(await put(c, '/order/cancel', { orderID })).toBe(0);
    await letTimePass(retryDelayMs(1, 30_000));
    expect(await t.app.mailWorker.sendDue()).toEqual({ sent: 1, failed: 0 });
    expect(orderMailsTo(c.email)).toEqual([
      `We have your order SO-${orderID}: it awaits payment`,
      `Order SO-${orderID} is cancelled`,
    ]);
    const [moveMail] = await db()
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.subject, `Order SO-${orderID} has a new delivery address`));
    expect(moveMail).toMatchObject({
      status: 'failed',
      lastError: 'withdrawn: the order was cancelled before it was sent',
    });
  });

  async function statusOf(subject: string) {
    const [row] = await db()
      .select({ status: outboxMails.status, lastError: outboxMails.lastError })
      .from(outboxMails)
      .where(eq(outboxMails.subject, subject));
    return row;
  }

  it("an order's mails carry its id, by which one is withdrawn once the order is cancelled, whatever its subject says", async () => {
    const { c, orderID } = await orderAwaitingPayment();
    const written = await db()
      .select({ topic: outboxMails.topic, orderId: outboxMails.orderId })
      .from(outboxMails)
      .where(and(eq(outboxMails.toAddress, c.email), like(outboxMails.topic, 'order-%')));
    expect(written).toEqual([{ topic: 'order-placed', orderId: orderID }]);
    const note = mail({ topic: 'order-note', to: c.email, orderId: orderID });
    await insertMail(db(), note, t.clock.now());
    expect(await put(c, '/order/cancel', { orderID })).toBe(0);
    await t.app.mailWorker.sendDue();
    expect(await statusOf(note.layout.subject)).toEqual({
      status: 'failed',
      lastError: 'withdrawn: the order was cancelled before it was sent',
    });
    expect(orderMailsTo(c.email)).toEqual([`Order SO-${orderID} is cancelled`]);
  });

  it('a mail written before mails kept their order is withdrawn by the order its subject names', async () => {
    const { c, orderID } = await orderAwaitingPayment();
    const subject = `Order SO-${orderID} has a new delivery address`;
    await insertMail(
      db(),
      mail({
        topic: 'order-address-changed',
        to: c.email,
        layout: { subject, heading: subject, blocks: [] },
      }),
      t.clock.now(),
    );
    expect(await put(c, '/order/cancel', { orderID })).toBe(0);
    await t.app.mailWorker.sendDue();
    expect(await statusOf(subject)).toEqual({
      status: 'failed',
      lastError: 'withdrawn: the order was cancelled before it was sent',
    });
  });
});
