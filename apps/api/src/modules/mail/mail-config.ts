import path from 'node:path';
import { z } from 'zod';

const address = /^[^\s@<>]+@[^\s@<>]+$/;
const fromHeader = z
  .string()
  .refine((v) => address.test(v) || /^[^<>]*<[^\s@<>]+@[^\s@<>]+>$/.test(v.trim()), {
    error: 'must be an address, or a name and <address>',
  });

export const mailEnvShape = {
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'must be an smtp:// or smtps:// URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Connections to the SMTP server kept open and sent over at once (a provider may allow fewer). */
  SMTP_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(5),
  MAIL_FROM: fromHeader.default('Harbour Grocer <hello@harbourgrocer.test>'),
  MAILBOX_DIR: z.string().min(1).optional(),
};

export type MailConfig = {
  /** SMTP server to send through; unset keeps every mail in `mailboxDir` instead. */
  smtpUrl: string | undefined;
  /** Mails in flight to the SMTP server at once, each on a connection of its own that later mails reuse. */
  smtpConnections: number;
  from: string;
  mailboxDir: string;
};

/**
 * The address in a `MAIL_FROM` value ("Name <address>" or an address): how customers reach the store, named in the
 * newsletter's sender line and on the sign-in page for a disabled account, so the shop has one contact address.
 */
export function contactAddressOf(mailFrom: string): string {
  return /<([^<>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom.trim();
}

export function resolveMailConfig(
  env: {
    SMTP_URL?: string | undefined;
    SMTP_CONNECTIONS: number;
    MAIL_FROM: string;
    MAILBOX_DIR?: string | undefined;
  },
  dataDir: string,
): MailConfig {
  return {
    smtpUrl: env.SMTP_URL,
    smtpConnections: env.SMTP_CONNECTIONS,
    from: env.MAIL_FROM,
    mailboxDir: path.resolve(env.MAILBOX_DIR ?? path.join(dataDir, 'mailbox')),
  };
}
