import net, { type AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { outboxMails } from '../../db/schema/index.js';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp-catcher.js';
import { createTestApp, testClock, type TestApp } from '../../../test/test-app.js';
import { createSmtpTransport, type MailTransport, type OutgoingMail } from './mail-transport.js';
import { createMailWorker, retryDelayMs } from './mail-worker.js';
import { renderMail } from './mail-layout.js';
import { claimDueMails, insertMail, insertMails, renderedMail, type NewMail } from './outbox.repo.js';

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
});

const db = () => t.database.db;
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
  it('keeps a mail as written: its headers as an object, its layout to render, its times as given', async () => {
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
    const at = t.clock.now();
    await insertMail(db(), written, at);
    const [row] = await db().select().from(outboxMails).where(eq(outboxMails.toAddress, written.to));
    expect(row).toMatchObject({ headers, subject: written.layout.subject, textBody: null, htmlBody: null });
    expect(row && renderedMail(row)).toEqual(renderMail(written.layout));
    expect(row?.createdAt.getTime()).toBe(at.getTime());
    expect(row?.nextAttemptAt.getTime()).toBe(at.getTime());
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
      nextAttemptAt: t.clock.now(),
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
    expect(first?.nextAttemptAt.getTime()).toBe(t.clock.now().getTime() + retryDelayMs(1, 30_000));

    // Not due yet: nothing is tried.
    expect(await t.app.mailWorker.sendDue()).toEqual({ sent: 0, failed: 0 });
    t.clock.advance(retryDelayMs(1, 30_000));
    expect(await t.app.mailWorker.sendDue()).toEqual({ sent: 0, failed: 1 });
    t.clock.advance(retryDelayMs(2, 30_000));
    expect(await t.app.mailWorker.sendDue()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.to(m.to)).toHaveLength(1);
  });

  it('while the SMTP server is down nothing is lost, and the mail goes once it is back', async () => {
    const m = mail();
    await insertMail(db(), m, t.clock.now());
    const down = createMailWorker(db(), createSmtpTransport('smtp://127.0.0.1:9', 'shop@harbour.test'), {
      now: t.clock.now,
      log: quiet,
    });
    expect(await down.sendDue()).toEqual({ sent: 0, failed: 1 });
    const [row] = await db().select().from(outboxMails).where(eq(outboxMails.toAddress, m.to));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });

    t.clock.advance(60_000);
    expect(await t.app.mailWorker.sendDue()).toEqual({ sent: 1, failed: 0 });
    expect(smtp.to(m.to)).toHaveLength(1);
  });

  it("mails to different customers go side by side over connections kept open; each customer's go one after another, in the order written", async () => {
    const transport = createSmtpTransport(smtp.url, 'shop@harbour.test', { connections: 3 });
    const worker = createMailWorker(db(), transport, { now: t.clock.now, log: quiet });
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
    const worker = createMailWorker(db(), transport, { now: t.clock.now, log: quiet });
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

      t.clock.advance(retryDelayMs(1, 30_000));
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

    t.clock.advance(retryDelayMs(1, 30_000));
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
      const now = t.clock.now();
      const until = new Date(now.getTime() + 60_000);
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
        return claimDueMails(db(), now, until, 10, 10);
      });
      expect(claimedBeside.map((m) => m.toAddress)).toEqual([other.to]);

      const claimedAfter = await claimDueMails(db(), now, until, 10, 10);
      expect(claimedAfter.map((m) => m.toAddress).sort()).toEqual([placed.to, cancelled.to].sort());
    },
  );

  it('an SMTP server restarted between rounds: the connections it closed are let go and the next mails go on new ones', async () => {
    const transport = createSmtpTransport(smtp.url, 'shop@harbour.test', { connections: 2 });
    const worker = createMailWorker(db(), transport, { now: t.clock.now, log: quiet });
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
      const hanging = createMailWorker(db(), transport, { now: t.clock.now, log: quiet });
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
    t.clock.advance(retryDelayMs(1, 30_000));
    expect(await t.app.mailWorker.sendDue()).toEqual({ sent: 3, failed: 0 });
    expect(mails.map((m) => smtp.to(m.to).length)).toEqual([1, 1, 1]);
  });

  it('gives a mail up after the last attempt, keeping why', async () => {
    const m = mail();
    await insertMail(db(), m, t.clock.now());
    const clock = testClock(t.clock.now());
    const stubborn = createMailWorker(db(), createSmtpTransport('smtp://127.0.0.1:9', 'shop@harbour.test'), {
      now: clock.now,
      log: quiet,
      maxAttempts: 2,
      retryBaseMs: 1000,
    });
    expect(await stubborn.sendDue()).toEqual({ sent: 0, failed: 1 });
    clock.advance(1000);
    expect(await stubborn.sendDue()).toEqual({ sent: 0, failed: 1 });
    const [row] = await db().select().from(outboxMails).where(eq(outboxMails.toAddress, m.to));
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    expect(row?.lastError).toBeTruthy();
  });

  it('a worker that dies holding mails: once its claim lapses another sends them, with the same Message-ID', async () => {
    const m = mail();
    await insertMail(db(), m, t.clock.now());
    const now = t.clock.now();
    const claimed = await claimDueMails(db(), now, new Date(now.getTime() + 60_000), 10, 10);
    expect(claimed.map((c) => c.toAddress)).toEqual([m.to]);

    // Still held: the other worker leaves it.
    expect(await t.app.mailWorker.sendDue()).toEqual({ sent: 0, failed: 0 });
    t.clock.advance(60_001);
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

  it('a batch slower than half its claim holds each mail longer before sending it, and leaves one another worker took over', async () => {
    const mails = [mail(), mail(), mail()];
    for (const m of mails) await insertMail(db(), m, t.clock.now());
    const clock = testClock(t.clock.now());
    const sent: string[] = [];
    let takenOver: string[] = [];
    // A slow relay: each mail takes 40 s. While the first worker sends its second mail, the claim of its third
    // (taken for 60 s) lapses and a second worker claims it.
    const slow: MailTransport = {
      kind: 'smtp',
      parallel: 1,
      async send(m: OutgoingMail) {
        sent.push(m.to);
        clock.advance(40_000);
        if (sent.length === 2) {
          const until = new Date(clock.now().getTime() + 60_000);
          takenOver = (await claimDueMails(db(), clock.now(), until, 10, 10)).map((x) => x.toAddress);
        }
      },
      close: () => undefined,
    };
    const worker = createMailWorker(db(), slow, { now: clock.now, log: quiet, claimMs: 60_000 });
    expect(await worker.sendDue()).toEqual({ sent: 2, failed: 1 });
    // The second mail's claim was extended before it went, so only the third was free to take over; the first
    // worker then left it to the one holding it.
    expect(takenOver).toEqual([mails[2]?.to]);
    expect(sent).toEqual([mails[0]?.to, mails[1]?.to]);
  });

  it('a mail whose every attempt ended unanswered (the sender died each time) is given up after the last', async () => {
    const m = mail();
    await insertMail(db(), m, t.clock.now());
    const clock = testClock(t.clock.now());
    for (let i = 0; i < 2; i += 1) {
      const claimed = await claimDueMails(db(), clock.now(), new Date(clock.now().getTime() + 60_000), 10, 2);
      expect(claimed.map((x) => x.toAddress)).toEqual([m.to]);
      clock.advance(60_001);
    }
    const worker = createMailWorker(db(), createSmtpTransport(smtp.url, 'shop@harbour.test'), {
      now: clock.now,
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
});
