import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailConfig } from './mail-config.js';

/**
 * One mail as the outbox hands it to a transport. Its `id` and the time it was written make its Message-ID, the same
 * on every retry; the time alone its Date.
 */
export type OutgoingMail = {
  id: number;
  createdAt: Date;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
};

export interface MailTransport {
  readonly kind: 'smtp' | 'mailbox';
  /** Mails it takes at once: more wait their turn inside it. */
  readonly parallel: number;
  /**
   * Resolves once the server accepted the mail (or it was kept); rejects with the server's reason, a `MailRefused`
   * when sending it again would get the same answer.
   */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * The server refused the mail for good (a 5xx reply to its recipient or to its content): it is not sent again.
 * `refused` is `address` when the recipient's mailbox was refused (it does not exist, or takes no mail); `reply` is
 * what the server answered ("550 5.1.1 No such mailbox"), without the client's words around it.
 */
export class MailRefused extends Error {
  constructor(
    message: string,
    readonly refused: 'address' | 'mail',
    readonly reply: string = message,
  ) {
    super(message);
    this.name = 'MailRefused';
  }
}

/** What nodemailer adds to the errors it rejects with (its `NodemailerError`). */
type SmtpFailure = { permanent?: boolean; command?: string; response?: string };

/**
 * The refusal in a nodemailer error, or null when another attempt may go through. Only the recipient's and the
 * message's replies count: a 5xx to the connection, the sign-in or the sender is the shop's configuration to fix,
 * and every mail would get it, so those are retried. RCPT TO refused, or an enhanced status 5.1.x ("bad destination
 * mailbox") on the message, is the address.
 */
function refusalOf(err: unknown): MailRefused | null {
  if (!(err instanceof Error)) return null;
  const { permanent, command, response } = err as Error & SmtpFailure;
  if (permanent !== true || (command !== 'RCPT TO' && command !== 'DATA')) return null;
  const isAddress = command === 'RCPT TO' || /^5\d\d[ -]5\.1\.\d/.test(response ?? '');
  return new MailRefused(err.message, isAddress ? 'address' : 'mail', response ?? err.message);
}

const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

function messageOf(mail: OutgoingMail, from: string, host: string) {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
    // Stable across retries: a receiver that got a mail whose acknowledgement was lost can tell it is the same one.
    // The id alone repeats once the outbox's ids start again (a database restored from a backup, a staging copy
    // sending as the shop), and Gmail drops a mail whose Message-ID it has seen: the time it was written is added.
    messageId: `<outbox-${mail.id}.${mail.createdAt.getTime()}@${host}>`,
    // When it was written, not when a retry got it through: a mail client shows the mails of an order in order.
    date: mail.createdAt,
  };
}

function hostOf(from: string): string {
  return /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'storefront.local';
}

/**
 * Sends through an SMTP server (`SMTP_URL`) over a pool of up to `connections` connections, each kept for the mails
 * after it (a connection's greeting, EHLO, TLS and AUTH cost several round trips: opening one per mail held the
 * outbox to a few mails a second across the internet, bench/README "Mail outbox"). nodemailer's pool closes a
 * connection idle for four minutes (servers drop them at five), opens a new one after 100 mails, drops one the server
 * closed, and sends a mail whose connection closed under it again on another (five times at most, then refuses it and
 * the outbox tries it later, with the same Message-ID). Timeouts make a hung server fail.
 */
export function createSmtpTransport(
  url: string,
  from: string,
  {
    connections = 1,
    timeouts = SMTP_TIMEOUTS,
  }: { connections?: number; timeouts?: typeof SMTP_TIMEOUTS } = {},
): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: connections,
    ...timeouts,
  });
  const host = hostOf(from);
  return {
    kind: 'smtp',
    parallel: connections,
    async send(mail) {
      await transporter.sendMail(messageOf(mail, from, host)).catch((err: unknown) => {
        throw refusalOf(err) ?? err;
      });
    },
    close: () => transporter.close(),
  };
}

/**
 * Keeps every mail as a file instead of sending it (no `SMTP_URL`): `<n>-<topic>.eml` opens in any mail program,
 * and a `.json` beside it holds the same mail for scripts and tests.
 */
export function createMailboxTransport(dir: string, from: string): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const host = hostOf(from);
  return {
    kind: 'mailbox',
    // A file written is as quick as it gets: nothing to wait on side by side.
    parallel: 1,
    async send(mail) {
      const info = await composer.sendMail(messageOf(mail, from, host));
      const base = path.join(dir, `${String(mail.id).padStart(6, '0')}`);
      const eml: unknown = info.message;
      const files: [string, string | Buffer][] = [
        [`${base}.eml`, Buffer.isBuffer(eml) ? eml : String(eml)],
        [
          `${base}.json`,
          `${JSON.stringify({ from, to: mail.to, subject: mail.subject, headers: mail.headers, text: mail.text, html: mail.html }, null, 2)}\n`,
        ],
      ];
      const writeAll = async () => {
        for (const [file, content] of files) await writeWhole(file, content);
      };
      // The folder is made when a mail first finds it missing, not before every mail (a store's every order).
      await writeAll().catch(async (err: unknown) => {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        await mkdir(dir, { recursive: true });
        await writeAll();
      });
    },
    close: () => composer.close(),
  };
}

/**
 * Writes a file under another name and renames it into place, so a reader of the mailbox never sees half a mail
 * (a journey once read an empty `.json` while it was being written).
 */
async function writeWhole(file: string, content: string | Buffer): Promise<void> {
  await writeFile(`${file}.part`, content);
  await rename(`${file}.part`, file);
}

export function createMailTransport(config: MailConfig): MailTransport {
  return config.smtpUrl
    ? createSmtpTransport(config.smtpUrl, config.from, { connections: config.smtpConnections })
    : createMailboxTransport(config.mailboxDir, config.from);
}
