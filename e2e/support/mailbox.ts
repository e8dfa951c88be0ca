import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { store } from './store';

export type KeptMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
};

const WAIT_MS = 20_000;

async function keptMails(dir: string): Promise<KeptMail[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const mails = await Promise.all(
    names
      .filter((n) => n.endsWith('.json'))
      .sort()
      .map(async (n) => JSON.parse(await readFile(path.join(dir, n), 'utf8')) as KeptMail),
  );
  return mails;
}

/**
 * Waits for the store to send (keep, without SMTP) a mail to `to` whose subject starts with `subject`, and
 * answers the newest one. The store's mail worker sends within a few seconds of the change that caused it.
 */
export async function waitForMail(to: string, subject: string, dir = store().mailboxDir): Promise<KeptMail> {
  const startedAt = Date.now();
  for (;;) {
    const match = (await keptMails(dir))
      .filter((m) => m.to.toLowerCase() === to.toLowerCase() && m.subject.startsWith(subject))
      .at(-1);
    if (match) return match;
    if (Date.now() - startedAt > WAIT_MS) throw new Error(`No mail "${subject}…" to ${to} in ${dir}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The first link in the mail's text to a path of the store, as a path and query to open in the page. */
export function linkTo(mail: KeptMail, pathname: string): string {
  for (const match of mail.text.matchAll(/https?:\/\/\S+/g)) {
    const url = new URL(match[0]);
    if (url.pathname === pathname) return `${url.pathname}${url.search}`;
  }
  throw new Error(`No link to ${pathname} in "${mail.subject}":\n${mail.text}`);
}
