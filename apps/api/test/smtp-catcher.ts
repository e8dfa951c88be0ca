/** A real SMTP server in the test process (the `smtp-server` package) that keeps what it receives. */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type CaughtMail = {
  messageId: string;
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  header(name: string): string | undefined;
};

export interface SmtpCatcher {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  mails: CaughtMail[];
  /**
   * The next `count` mails are refused after their content with `responseCode`: by default a temporary failure (451),
   * as a struggling server does; a 5xx (554) refuses them for good, as a spam filter does.
   */
  refuseNext(count: number, responseCode?: number): void;
  /**
   * Refuses every mail to `address` (case aside) at its recipient, with `responseCode` (550 by default: no such
   * mailbox, for good; 450 for a mailbox unavailable for now); null takes it back.
   */
  refuseAddress(address: string, responseCode?: number | null): void;
  /**
   * Runs `hook` on each mail received, before the server answers for it (so the sender's send has not finished),
   * until replaced; undefined stops it.
   */
  onReceive(hook: ((mail: CaughtMail) => Promise<void>) | undefined): void;
  /** Connections opened to it so far. */
  readonly connections: number;
  /**
   * Shuts down as a server being restarted does (421 to every open connection, which it then closes) and listens
   * again on the same port.
   */
  restart(): Promise<void>;
  /** Mails sent to `to`, in order. */
  to(address: string): CaughtMail[];
  close(): Promise<void>;
}

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const mails: CaughtMail[] = [];
  let refusing = { count: 0, responseCode: 451 };
  const refusedAddresses = new Map<string, number>();
  let onReceive: ((mail: CaughtMail) => Promise<void>) | undefined;
  let connections = 0;
  const newServer = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      // The client is this machine: a reverse lookup of 127.0.0.1 would only delay every connection's greeting.
      disableReverseLookup: true,
      logger: false,
      // Connections a sender keeps open (a pooled transport) are told 421 and closed this soon after close().
      closeTimeout: 100,
      onConnect(_session, callback) {
        connections += 1;
        callback();
      },
      onRcptTo(address, _session, callback) {
        const responseCode = refusedAddresses.get(address.address.toLowerCase());
        if (responseCode === undefined) return callback();
        const why =
          responseCode >= 500 ? '5.1.1 No such mailbox here' : '4.2.1 Mailbox unavailable, try again later';
        callback(Object.assign(new Error(why), { responseCode }));
      },
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            if (refusing.count > 0) {
              refusing.count -= 1;
              const { responseCode } = refusing;
              const why = responseCode >= 500 ? '5.7.1 Message refused' : 'Mailbox busy, try again later';
              throw Object.assign(new Error(why), { responseCode });
            }
            const html = typeof parsed.html === 'string' ? parsed.html : '';
            const mail: CaughtMail = {
              messageId: parsed.messageId ?? '',
              to: session.envelope.rcptTo.map((r) => r.address),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html,
              // The raw header, unfolded: mailparser turns some (List-*) into objects.
              header: (name) => {
                const line = parsed.headerLines.find((h) => h.key === name.toLowerCase())?.line;
                return line
                  ?.slice(line.indexOf(':') + 1)
                  .replace(/\r?\n\s+/g, ' ')
                  .trim();
              },
            };
            mails.push(mail);
            return onReceive?.(mail);
          })
          .then(() => callback())
          .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err))));
      },
    });
  const listen = async (port: number) => {
    const server = newServer();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return server;
  };
  // A closed server answers 421 to every connection after: a restart is a server of its own on the same port.
  let server = await listen(0);
  const { port } = server.server.address() as AddressInfo;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    get connections() {
      return connections;
    },
    async restart() {
      await close();
      server = await listen(port);
    },
    refuseNext(count, responseCode = 451) {
      refusing = { count, responseCode };
    },
    refuseAddress(address, responseCode = 550) {
      if (responseCode === null) refusedAddresses.delete(address.toLowerCase());
      else refusedAddresses.set(address.toLowerCase(), responseCode);
    },
    onReceive(hook) {
      onReceive = hook;
    },
    to: (address) => mails.filter((m) => m.to.includes(address.toLowerCase()) || m.to.includes(address)),
    close,
  };
}

/** The first link in a mail's text that starts with `prefix`. */
export function linkIn(mail: CaughtMail | undefined, prefix: string): URL {
  if (!mail) throw new Error(`no mail to look for a link to ${prefix} in`);
  const match = mail.text.match(new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\S+`));
  if (!match) throw new Error(`no link to ${prefix} in "${mail.subject}":\n${mail.text}`);
  return new URL(match[0]);
}
