import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterIssues, outboxMails, products } from '../../db/schema/index.js';
import { createProduct } from '../../../test/catalog-factories.js';
import { bearer, registerCustomer, type Customer } from '../../../test/factories.js';
import { linkIn, startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp-catcher.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { dueIssueDate } from './newsletter-issue.js';

const STORE = 'https://shop.example.com.au';
const ISSUE = "This week's specials at Harbour Grocer";

describe('which issue is due', () => {
  it('from 7 am Sydney time on a Thursday, until two days after', () => {
    // Thursday 26 November 2026 (AEDT, UTC+11).
    expect(dueIssueDate(new Date('2026-11-25T19:59:00Z'))).toBeNull();
    expect(dueIssueDate(new Date('2026-11-25T20:00:00Z'))).toBe('2026-11-26');
    expect(dueIssueDate(new Date('2026-11-27T10:00:00Z'))).toBe('2026-11-26');
    // A store down since Thursday sends it until Saturday 6:59 am, and no later.
    expect(dueIssueDate(new Date('2026-11-27T19:59:00Z'))).toBe('2026-11-26');
    expect(dueIssueDate(new Date('2026-11-27T20:00:00Z'))).toBeNull();
    expect(dueIssueDate(new Date('2026-12-02T12:00:00Z'))).toBeNull();
    // In winter (AEST, UTC+10) 7 am is an hour later in UTC.
    expect(dueIssueDate(new Date('2026-07-01T20:59:00Z'))).toBeNull();
    expect(dueIssueDate(new Date('2026-07-01T21:00:00Z'))).toBe('2026-07-02');
  });
});

describe('the weekly issue', () => {
  let smtp: SmtpCatcher;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: STORE } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const db = () => t.database.db;

  async function subscriber(): Promise<Customer> {
    const c = await registerCustomer(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/newsletters/front-subscribe',
      headers: bearer(c.token),
      payload: {},
    });
    expect(res.json<{ data: { subscribed: boolean } }>().data.subscribed).toBe(true);
    return c;
  }

  async function issuesTo(email: string) {
    // The worker sends a few mails a round: every round until nothing is left.
    while ((await t.app.mailWorker.sendDue()).sent > 0);
    return smtp.to(email).filter((m) => m.subject.startsWith(ISSUE));
  }

  it('on Thursday morning every subscriber is mailed the specials that can be bought, biggest saving first, once', async () => {
    t.clock.set(new Date('2026-11-25T10:00:00Z'));
    // The biggest savings in the store, so they head the list whatever else is on special.
    const half = await createProduct(db(), {
      name: 'Half-price mangoes',
      priceCents: 500,
      wasPriceCents: 1000,
    });
    const most = await createProduct(db(), {
      name: 'Cheap cherries 1kg',
      priceCents: 100,
      wasPriceCents: 1000,
    });
    await createProduct(db(), { name: 'Sold-out lychees', priceCents: 50, wasPriceCents: 1000, stock: 0 });
    await createProduct(db(), {
      name: 'Withdrawn figs',
      priceCents: 50,
      wasPriceCents: 1000,
      isActive: false,
    });
    const reader = await subscriber();
    const leaver = await subscriber();
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/newsletters/front-unsubscribe',
      headers: bearer(leaver.token),
      payload: {},
    });
    const stranger = await registerCustomer(t.app);

    // Wednesday: nothing is due.
    expect(await t.app.writeNewsletterIssue()).toBeNull();
    // Thursday 26 November, 7:05 am in Sydney.
    t.clock.set(new Date('2026-11-25T20:05:00Z'));
    const written = await t.app.writeNewsletterIssue();
    expect(written?.issueDate).toBe('2026-11-26');

    const [issue, ...more] = await issuesTo(reader.email);
    expect(more).toEqual([]);
    expect(issue?.subject).toBe(`${ISSUE}, Thursday 26 November`);
    const listed = issue?.text.split('\n').filter((line) => /\(was \$/.test(line)) ?? [];
    expect(listed.slice(0, 2).map((line) => line.replace(/ {2,}/g, ' '))).toEqual([
      `${most.name} $1.00 (was $10.00)`,
      `${half.name} $5.00 (was $10.00)`,
    ]);
    expect(issue?.text).not.toMatch(/Sold-out lychees|Withdrawn figs/);
    expect(issue?.text).toContain(`${STORE}/shop?special=true`);
    expect(issue?.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(await issuesTo(leaver.email)).toEqual([]);
    expect(await issuesTo(stranger.email)).toEqual([]);

    // Every later round that week finds it written: nobody is mailed twice.
    t.clock.set(new Date('2026-11-26T09:00:00Z'));
    expect(await t.app.writeNewsletterIssue()).toBeNull();
    expect(await issuesTo(reader.email)).toHaveLength(1);

    // Its unsubscribe link takes the reader off the list: next Thursday's issue does not come.
    const link = linkIn(issue, `${STORE}/newsletter/unsubscribe?`);
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/v1/newsletters/front-unsubscribe',
      payload: { email: link.searchParams.get('email'), token: link.searchParams.get('token') },
    });
    expect(off.json<{ code: number }>().code).toBe(0);
    const stayer = await subscriber();
    t.clock.set(new Date('2026-12-02T20:05:00Z'));
    expect((await t.app.writeNewsletterIssue())?.issueDate).toBe('2026-12-03');
    expect(await issuesTo(reader.email)).toHaveLength(1);
    expect(await issuesTo(stayer.email)).toHaveLength(1);
  });

  it('two processes writing the issue at once write it once', async () => {
    const c = await subscriber();
    t.clock.set(new Date('2026-12-09T20:05:00Z'));
    const rounds = await Promise.all([t.app.writeNewsletterIssue(), t.app.writeNewsletterIssue()]);
    expect(rounds.filter((r) => r !== null).map((r) => r?.issueDate)).toEqual(['2026-12-10']);
    expect(await issuesTo(c.email)).toHaveLength(1);
  });

  it('a week with nothing on special sends nothing, and says so', async () => {
    const c = await subscriber();
    await db().update(products).set({ specialPriceCents: null, specialStartsAt: null, specialEndsAt: null });
    t.clock.set(new Date('2026-12-16T20:05:00Z'));
    expect(await t.app.writeNewsletterIssue()).toEqual({ issueDate: '2026-12-17', recipients: 0 });
    expect(await issuesTo(c.email)).toEqual([]);
    const [row] = await db()
      .select()
      .from(newsletterIssues)
      .where(eq(newsletterIssues.issueDate, '2026-12-17'));
    expect(row).toMatchObject({ recipients: 0, specials: 0 });
  });

  it('an address that leaves the list after the issue is written, before its mail goes, is not sent it', async () => {
    // Thursday 24 December, 7:05 am in Sydney.
    t.clock.set(new Date('2026-12-23T20:05:00Z'));
    await createProduct(db(), { name: 'Christmas cherries', priceCents: 800, wasPriceCents: 1600 });
    const stayer = await subscriber();
    const leaver = await subscriber();
    const oneClicker = await subscriber();
    // Their welcome mails go first; the issue is written and waits in the outbox.
    while ((await t.app.mailWorker.sendDue()).sent > 0);
    expect((await t.app.writeNewsletterIssue())?.issueDate).toBe('2026-12-24');

    const left = await t.app.inject({
      method: 'POST',
      url: '/api/v1/newsletters/front-unsubscribe',
      headers: bearer(leaver.token),
      payload: {},
    });
    expect(left.json<{ data: { subscribed: boolean } }>().data.subscribed).toBe(false);
    // The mail client's one-click unsubscribe (List-Unsubscribe-Post), from the issue's own headers.
    const [queued] = await db()
      .select()
      .from(outboxMails)
      .where(
        and(eq(outboxMails.toAddress, oneClicker.email.toLowerCase()), eq(outboxMails.status, 'pending')),
      );
    const oneClick = new URL(queued?.headers['List-Unsubscribe']?.replace(/^<|>$/g, '') ?? '');
    const clicked = await t.app.inject({
      method: 'POST',
      url: `${oneClick.pathname}${oneClick.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.json<{ code: number }>().code).toBe(0);

    expect(await issuesTo(stayer.email)).toHaveLength(1);
    expect(await issuesTo(leaver.email)).toEqual([]);
    expect(await issuesTo(oneClicker.email)).toEqual([]);
    const kept = await db()
      .select({ to: outboxMails.toAddress, status: outboxMails.status, lastError: outboxMails.lastError })
      .from(outboxMails)
      .where(eq(outboxMails.topic, 'newsletter-issue'))
      .orderBy(outboxMails.id);
    expect(
      kept.filter((m) => m.to === leaver.email.toLowerCase() || m.to === oneClicker.email.toLowerCase()),
    ).toEqual(
      [leaver, oneClicker].map((c) => ({
        to: c.email.toLowerCase(),
        status: 'failed',
        lastError: 'withdrawn: the address left the list before it was sent',
      })),
    );
  });

  it('a welcome not yet sent when its address leaves the list again is not sent', async () => {
    const c = await subscriber();
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/newsletters/front-unsubscribe',
      headers: bearer(c.token),
      payload: {},
    });
    while ((await t.app.mailWorker.sendDue()).sent > 0);
    expect(smtp.to(c.email).map((m) => m.subject)).not.toContainEqual(expect.stringMatching(/welcome/i));
    const [welcome] = await db()
      .select({ status: outboxMails.status, lastError: outboxMails.lastError })
      .from(outboxMails)
      .where(
        and(eq(outboxMails.toAddress, c.email.toLowerCase()), eq(outboxMails.topic, 'newsletter-welcome')),
      );
    expect(welcome).toEqual({
      status: 'failed',
      lastError: 'withdrawn: the address left the list before it was sent',
    });
  });
});

describe('an issue going out while a reader leaves the list', () => {
  let smtp: SmtpCatcher;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    // One connection: a round's mails go one after another, so a reader can leave while an earlier one is sent.
    t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: STORE, SMTP_CONNECTIONS: '1' } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('a reader who unsubscribes while the mails before theirs in the same round are sent is not sent it', async () => {
    // Thursday 31 December, 7:05 am in Sydney.
    t.clock.set(new Date('2026-12-30T20:05:00Z'));
    await createProduct(t.database.db, { name: 'New Year mangoes', priceCents: 300, wasPriceCents: 600 });
    const readers: Customer[] = [];
    for (let i = 0; i < 3; i += 1) {
      const c = await registerCustomer(t.app);
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/newsletters/front-subscribe',
        headers: bearer(c.token),
        payload: {},
      });
      readers.push(c);
    }
    const [first, leaver, last] = readers as [Customer, Customer, Customer];
    while ((await t.app.mailWorker.sendDue()).sent > 0);
    expect((await t.app.writeNewsletterIssue())?.issueDate).toBe('2026-12-31');

    // The three issues are claimed in one round; the second reader leaves while the first's is being handed over.
    smtp.onReceive(async (mail) => {
      if (!mail.to.includes(first.email.toLowerCase())) return;
      const left = await t.app.inject({
        method: 'POST',
        url: '/api/v1/newsletters/front-unsubscribe',
        headers: bearer(leaver.token),
        payload: {},
      });
      expect(left.json<{ data: { subscribed: boolean } }>().data.subscribed).toBe(false);
    });
    expect(await t.app.mailWorker.sendDue()).toEqual({ sent: 2, failed: 0 });
    smtp.onReceive(undefined);

    const issues = (c: Customer) => smtp.to(c.email).filter((m) => m.subject.startsWith(ISSUE));
    expect(issues(first)).toHaveLength(1);
    expect(issues(leaver)).toEqual([]);
    expect(issues(last)).toHaveLength(1);
    const [kept] = await t.database.db
      .select({ status: outboxMails.status, lastError: outboxMails.lastError })
      .from(outboxMails)
      .where(
        and(eq(outboxMails.toAddress, leaver.email.toLowerCase()), eq(outboxMails.topic, 'newsletter-issue')),
      );
    expect(kept).toEqual({
      status: 'failed',
      lastError: 'withdrawn: the address left the list before it was sent',
    });
  });
});
