import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { outboxMails } from '../../db/schema/index.js';
import { startServer } from '../../../test/server-process.js';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp-catcher.js';
import { openTestDatabase } from '../../../test/test-app.js';
import { insertMail } from './outbox.repo.js';

const MAILS = 60;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Two real API processes (the server entry, each with its own pool and its own worker every two seconds) on one
 * PostgreSQL outbox. PGlite lives inside one process, so this runs on PostgreSQL only.
 */
describe.runIf(process.env.TEST_DB === 'postgres')('the outbox with two API processes', () => {
  let smtp: SmtpCatcher;
  let shared: Database & { url?: string };

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    shared = await openTestDatabase();
  });
  afterAll(async () => {
    await shared?.close();
    await smtp?.close();
  });

  it('every mail leaves exactly once, and none is left behind', async () => {
    if (!shared.url) throw new Error('no database url');
    const to = Array.from({ length: MAILS }, (_, i) => `reader.${i}@processes.test`);
    for (const [i, address] of to.entries()) {
      await insertMail(
        shared.db,
        {
          topic: 'test',
          to: address,
          layout: { subject: `Mail ${i}`, heading: `Hello ${i}`, blocks: [] },
        },
        new Date(),
      );
    }
    const env = { SMTP_URL: smtp.url, MAIL_FROM: 'Harbour Grocer <shop@harbour.test>' };
    const servers = await Promise.all([startServer(shared.url, env), startServer(shared.url, env)]);
    try {
      const started = Date.now();
      while (smtp.mails.length < MAILS && Date.now() - started < 60_000) await sleep(200);
      // Two more rounds of both workers: a mail sent twice would show up now.
      await sleep(4_500);
    } finally {
      for (const s of servers) s.process.kill('SIGTERM');
      await Promise.all(servers.map((s) => s.exited));
    }

    expect(to.map((address) => smtp.to(address).length)).toEqual(to.map(() => 1));
    expect(new Set(smtp.mails.map((m) => m.messageId)).size).toBe(MAILS);
    const unsent = await shared.db.select().from(outboxMails).where(eq(outboxMails.status, 'pending'));
    expect(unsent).toEqual([]);
    // Two processes to start and up to a minute for the mails: more than the default 30 s on a loaded machine.
  }, 120_000);
});
