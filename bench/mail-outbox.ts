// How fast the outbox empties into a real SMTP server: order mails queued at once (a checkout burst), sent by one API
// process's mail worker through the SMTP transport the store uses in production, to an SMTP server in this process
// reached through a proxy that delays every packet by half a round trip, as a mail provider across the internet
// would. Run: npx tsx bench/mail-outbox.ts   (add DATABASE_URL=postgres://... for PostgreSQL too)
import { mkdtemp, rm } from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openPglite, openPostgres, type Database } from '../apps/api/src/db/client.js';
import { outboxMails } from '../apps/api/src/db/schema/index.js';
import { mailEnvShape } from '../apps/api/src/modules/mail/mail-config.js';
import nodemailer from 'nodemailer';
import { createSmtpTransport, type MailTransport } from '../apps/api/src/modules/mail/mail-transport.js';
import { createMailWorker } from '../apps/api/src/modules/mail/mail-worker.js';
import { insertMails, type NewMail } from '../apps/api/src/modules/mail/outbox.repo.js';
import { adminQuery, uniqueName, withDatabase } from '../apps/api/test/databases.js';
import { startSmtpCatcher } from '../apps/api/test/smtp-catcher.js';
import { writeSection } from './lib/report.js';

const MAILS = Number(process.env.BENCH_MAILS ?? 400);
/** Fewer for a connection a mail: at 80 ms it sends two a second. */
const MAILS_UNPOOLED = Math.ceil(MAILS / 4);
/** Round trips to the mail server: on this machine (0 ms) and across the internet. */
const ROUND_TRIPS_MS = [0, 20, 80];
const ORDERS_PER_CUSTOMER = 2;
/** The store's default unless SMTP_CONNECTIONS says otherwise, as in the server. */
const CONNECTIONS = mailEnvShape.SMTP_CONNECTIONS.parse(process.env.SMTP_CONNECTIONS);

/** A TCP proxy to `port` that holds every chunk for half of `rttMs` each way. */
async function startLatencyProxy(port: number, rttMs: number) {
  const sockets = new Set<net.Socket>();
  const delayed = (from: net.Socket, to: net.Socket) => {
    from.on('data', (chunk) => {
      if (rttMs === 0) to.write(chunk);
      else setTimeout(() => to.writable && to.write(chunk), rttMs / 2);
    });
    from.on('end', () => setTimeout(() => to.end(), rttMs / 2));
    from.on('error', () => to.destroy());
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(port, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    }
    delayed(client, upstream);
    delayed(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function openDatabase(kind: 'pglite' | 'postgres', dir: string) {
  if (kind === 'pglite')
    return { database: await openPglite({ dataDir: path.join(dir, 'pglite') }), drop: async () => {} };
  const url = process.env.DATABASE_URL as string;
  const name = uniqueName('sf_mailbench');
  await adminQuery(url, `CREATE DATABASE ${name}`);
  return {
    database: await openPostgres(withDatabase(url, name)),
    drop: () => adminQuery(url, `DROP DATABASE IF EXISTS ${name}`),
  };
}

/** Order-sized mails: a heading, the lines, totals and an address, to a customer placing two orders each. */
function orderMails(count: number): NewMail[] {
  return Array.from({ length: count }, (_, i) => ({
    topic: 'order-placed',
    to: `buyer.${Math.floor(i / ORDERS_PER_CUSTOMER)}@example.com`,
    layout: {
      subject: `Your order #${1000 + i} is placed`,
      heading: 'Thanks for your order',
      blocks: [
        { kind: 'paragraph', text: `Order #${1000 + i}, placed 28 Nov 2026, 9:41 am AEDT.` },
        ...Array.from({ length: 8 }, (_, l) => ({
          kind: 'paragraph' as const,
          text: `${l + 1} × Full Cream Milk 2L — $${(3.1 * (l + 1)).toFixed(2)}`,
        })),
        { kind: 'paragraph', text: 'Total $42.80, GST included $3.89.' },
        { kind: 'paragraph', text: 'Delivering to 12 Harbour St, Sydney NSW 2000.' },
      ],
    },
  }));
}

/** The transport before connections were kept: a connection opened for each mail, one mail at a time. */
function connectionPerMail(url: string): MailTransport {
  const transporter = nodemailer.createTransport({ url });
  return {
    kind: 'smtp',
    parallel: 1,
    async send(mail) {
      await transporter.sendMail({
        from: 'shop@harbour.test',
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
    close: () => transporter.close(),
  };
}

const TRANSPORTS = [
  {
    label: `pool of ${CONNECTIONS} (the store's)`,
    mails: MAILS,
    open: (url: string) =>
      createSmtpTransport(url, 'Harbour Grocer <shop@harbour.test>', { connections: CONNECTIONS }),
  },
  { label: 'a connection a mail (before 2026-11-28)', mails: MAILS_UNPOOLED, open: connectionPerMail },
];

async function measure(
  database: Database,
  transport: MailTransport,
  mails: number,
): Promise<{ seconds: number; sent: number }> {
  const worker = createMailWorker(database.db, transport, {
    now: () => new Date(),
    log: { warn: () => undefined },
  });
  await database.db.update(outboxMails).set({ status: 'sent' });
  await insertMails(database.db, orderMails(mails), new Date());
  const started = performance.now();
  let sent = 0;
  for (;;) {
    const round = await worker.sendDue();
    sent += round.sent;
    if (round.sent + round.failed === 0) break;
  }
  const seconds = (performance.now() - started) / 1000;
  return { seconds, sent };
}

const kinds: ('pglite' | 'postgres')[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
const rows: string[] = [];
const smtp = await startSmtpCatcher();
for (const kind of kinds) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sf-mailbench-'));
  const { database, drop } = await openDatabase(kind, dir);
  try {
    await database.migrate(async () => {});
    for (const rtt of ROUND_TRIPS_MS) {
      const proxy = await startLatencyProxy(Number(new URL(smtp.url).port), rtt);
      try {
        for (const { label, mails, open } of TRANSPORTS) {
          smtp.mails.length = 0;
          const transport = open(proxy.url);
          const { seconds, sent } = await measure(database, transport, mails).finally(() =>
            transport.close(),
          );
          if (sent !== mails || smtp.mails.length !== mails)
            throw new Error(`${sent} mails sent and ${smtp.mails.length} received of ${mails}`);
          const line = `| ${kind} | ${rtt} ms | ${label} | ${mails} | ${seconds.toFixed(1)} s | ${Math.round(mails / seconds)} |`;
          console.log(line);
          rows.push(line);
        }
      } finally {
        await proxy.close();
      }
    }
  } finally {
    await database.close();
    await drop();
    await rm(dir, { recursive: true, force: true });
  }
}
await smtp.close();

await writeSection(
  'Mail outbox',
  [
    '`npx tsx bench/mail-outbox.ts`: order-sized mails queued at once (two to each customer), sent by one',
    "process's mail worker to an SMTP server (`smtp-server`, which waits 100 ms before its greeting as many do) behind",
    'a proxy that holds every packet for half a round trip: 0 ms is a server on this machine, 20 and 80 ms a provider',
    "across the internet. The store's transport (`createSmtpTransport`, `SMTP_CONNECTIONS`) against the one it",
    'replaced, in the same run: mails/s is what a burst of checkouts gets out of the shop per API process.',
    '',
    '| database | round trip | transport | mails | drained in | mails/s |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n'),
);
