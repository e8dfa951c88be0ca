import { STORE_TIME_ZONE } from '@storefront/contract/limits';
import type { Db } from '../../db/client.js';
import { together } from '../../db/together.js';
import { dayAfter, localDate, localInstant } from '../delivery/delivery.rules.js';
import { insertMails } from '../mail/outbox.repo.js';
import { issueMail, type UnsubscribeLinks } from './newsletter.mails.js';
import { claimIssue, isIssueWritten, listIssueSpecials, listSubscribedEmails } from './newsletter.repo.js';
import { storeUrl } from '../../lib/store-url.js';

/** The issue goes out on Thursdays from 7 am, Sydney time. */
const ISSUE_WEEKDAY = 4;
const ISSUE_TIME = '07:00';
/** A store that was down on Thursday morning still sends that week's issue if it is back within this many hours. */
const LATE_HOURS = 48;
/** Specials an issue lists at most. */
export const ISSUE_SPECIALS = 8;

/**
 * The Thursday (Sydney's `YYYY-MM-DD`) whose issue should have gone out by `now`, or null while none is due: before 7
 * am on a Thursday the last one is due only if it is still within `LATE_HOURS` of its time.
 */
export function dueIssueDate(now: Date): string | null {
  const today = localDate(now);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  let thursday = dayAfter(today, -((weekday - ISSUE_WEEKDAY + 7) % 7));
  if (localInstant(thursday, ISSUE_TIME) > now) thursday = dayAfter(thursday, -7);
  const late = now.getTime() - localInstant(thursday, ISSUE_TIME).getTime();
  return late < LATE_HOURS * 3_600_000 ? thursday : null;
}

const dayLabel = new Intl.DateTimeFormat('en-AU', {
  timeZone: STORE_TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
});

export type IssueWriterSettings = {
  now: () => Date;
  /** The signed unsubscribe links and sender line every newsletter mail carries. */
  linksFor: (email: string) => UnsubscribeLinks;
  publicUrl: string;
};

/**
 * The weekly issue: this week's specials, mailed to every address on the list. Each round (server.ts, every few
 * minutes, in every process) writes the issue due, once: its row and its mails in one transaction, so an issue is
 * sent whole, once, or not at all. A week with nothing on special sends nothing (its row says so).
 */
export function createIssueWriter(db: Db, { now, linksFor, publicUrl }: IssueWriterSettings) {
  return async function writeDueIssue(): Promise<{ issueDate: string; recipients: number } | null> {
    const at = now();
    const issueDate = dueIssueDate(at);
    if (issueDate === null || (await isIssueWritten(db, issueDate))) return null;
    return db.transaction(async (tx) => {
      const [specials, emails] = await together([
        listIssueSpecials(tx, ISSUE_SPECIALS),
        listSubscribedEmails(tx),
      ]);
      const recipients = specials.length === 0 ? [] : emails;
      const claimed = await claimIssue(tx, {
        issueDate,
        recipients: recipients.length,
        specials: specials.length,
      });
      if (!claimed) return null;
      const issue = {
        day: dayLabel.format(localInstant(issueDate, '12:00')),
        specials,
        shopUrl: storeUrl(publicUrl, '/shop?special=true').toString(),
      };
      await insertMails(
        tx,
        recipients.map((email) => issueMail(email, linksFor(email), issue)),
        at,
      );
      return { issueDate, recipients: recipients.length };
    });
  };
}
