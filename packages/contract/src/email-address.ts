// No zod here: the web forms and the API check an address by the same rule (apps/web/src/lib/contract-imports.test.ts).

/** The longest address SMTP carries (RFC 5321: a 256-octet path less its angle brackets). */
export const EMAIL_MAX = 254;
/** The longest local part (before the @) SMTP carries. */
const LOCAL_PART_MAX = 64;

/**
 * The part before the @ as every SMTP server takes it: RFC 5321's dot-atom of ASCII letters, digits and
 * ! # $ % & ' * + - / = ? ^ _ ` { | } ~ (no dot first, last or twice). A letter outside ASCII there needs SMTPUTF8
 * on every server on the way, which nodemailer can only ask for; where one lacks it the mail is refused or lost.
 */
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
/** The domain as typed: letters of any script (an IDN), digits, hyphens and dots, nothing a URL would read. */
const DOMAIN_AS_TYPED = /^[\p{L}\p{M}\p{N}.-]+$/u;
/** One label of the domain once in ASCII: letters, digits, hyphens inside, at most 63. */
const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
/** A top-level domain: letters, or an IDN's A-label (xn--p1ai is .рф). */
const TOP_LABEL = /^([a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

export type EmailProblem =
  /** Not an address at all: no @, no domain, a space, a dot out of place. */
  | 'not-an-address'
  /** An address, but with a letter outside ASCII before the @ (josé@example.com): mail to it may never arrive. */
  | 'local-part-not-ascii';

/** The domain in ASCII, an IDN as its A-label (bücher.de is xn--bcher-kva.de), or null when it is no domain. */
function asciiDomain(domain: string): string | null {
  if (!DOMAIN_AS_TYPED.test(domain)) return null;
  let host: string;
  try {
    // The URL parser is the one IDNA (UTS #46) converter both the browser and Node carry.
    host = new URL(`http://${domain}/`).hostname;
  } catch {
    return null;
  }
  const labels = host.split('.');
  if (labels.length < 2 || host.length > 253) return null;
  const top = labels[labels.length - 1] ?? '';
  return labels.every((l) => LABEL.test(l)) && TOP_LABEL.test(top) ? host : null;
}

/** Splits at the last @ (a local part holds none: the rule has no quoted strings). */
function parts(text: string): { local: string; domain: string } | null {
  const at = text.lastIndexOf('@');
  return at < 1 ? null : { local: text.slice(0, at), domain: text.slice(at + 1) };
}

/** What is wrong with an address (spaces around it aside), or null when mail to it can be delivered. */
export function emailProblem(text: string): EmailProblem | null {
  const address = parts(text.trim());
  if (!address) return 'not-an-address';
  const domain = asciiDomain(address.domain);
  if (LOCAL_PART.test(address.local)) {
    if (address.local.length > LOCAL_PART_MAX || !domain) return 'not-an-address';
    return address.local.length + 1 + domain.length > EMAIL_MAX ? 'not-an-address' : null;
  }
  // Only the non-ASCII letters keep it from being an address: say so, rather than that it is none.
  // eslint-disable-next-line no-control-regex -- every character outside ASCII
  const asAscii = address.local.replace(/[^\x00-\x7f]/gu, 'a');
  return domain && LOCAL_PART.test(asAscii) ? 'local-part-not-ascii' : 'not-an-address';
}

/**
 * The one way an address is kept and looked up: lower case, its domain in ASCII. Two spellings of one mailbox
 * (Kim@Bücher.de, kim@xn--bcher-kva.de) are one account and one subscription. Only for an address without a problem.
 */
export function canonicalEmail(text: string): string {
  const address = parts(text.trim());
  if (!address) return text.trim().toLowerCase();
  return `${address.local.toLowerCase()}@${asciiDomain(address.domain) ?? address.domain.toLowerCase()}`;
}
