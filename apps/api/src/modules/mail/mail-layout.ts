/** The store's mails: one plain-text and one simple HTML rendering of the same blocks, in the store's colours. */

const STORE_NAME = 'Harbour Grocer';
/** The storefront's pink-red, darkened so white text on it reads at better than 4.5:1. */
const BRAND = '#b3123e';

export type MailBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'action'; label: string; url: string }
  /** A secondary action, for a mail whose one button is another: a plain link. */
  | { kind: 'link'; label: string; url: string }
  | { kind: 'rows'; rows: { label: string; value: string; strong?: boolean }[] };

export type MailContent = { subject: string; text: string; html: string };

/** A footer line; one with a `url` is a link in the HTML and spelled out after the text in plain text. */
export type FooterLine = string | { text: string; url: string };

const aud = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });

/**
 * Money in mails as on the site: en-AU dollars from integer cents ("$1,234.56", "-$0.05"). Written out by hand for
 * whole cents, as `Intl.NumberFormat` writes them (mail-layout.test.ts holds the two to the same text): a checkout's
 * mail has a dozen amounts, and Intl takes a microsecond or more for each.
 */
export function formatAud(cents: number): string {
  if (!Number.isInteger(cents) || Math.abs(cents) >= 1e13) return aud.format(cents / 100);
  const abs = Math.abs(cents);
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const rest = abs % 100;
  return `${cents < 0 ? '-' : ''}$${dollars}.${rest < 10 ? '0' : ''}${rest}`;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** In one pass: every order's mail escapes each of its texts. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

function textOf(block: MailBlock): string {
  if (block.kind === 'paragraph') return block.text;
  if (block.kind === 'action' || block.kind === 'link') return `${block.label}: ${block.url}`;
  const width = Math.max(...block.rows.map((r) => r.label.length));
  return block.rows.map((r) => `${r.label.padEnd(width)}  ${r.value}`).join('\n');
}

function htmlOf(block: MailBlock): string {
  // pre-line: a customer's delivery instructions keep their line breaks.
  if (block.kind === 'paragraph')
    return `<p style="margin:0 0 16px;white-space:pre-line">${escapeHtml(block.text)}</p>`;
  if (block.kind === 'action') {
    return (
      `<p style="margin:24px 0"><a href="${escapeHtml(block.url)}" style="background:${BRAND};color:#ffffff;` +
      `padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">` +
      `${escapeHtml(block.label)}</a></p>` +
      // A long token would otherwise widen a phone's screen past its width.
      `<p style="margin:0 0 16px;font-size:13px;color:#555555;overflow-wrap:anywhere;word-break:break-all">` +
      `Or open this link: ${escapeHtml(block.url)}</p>`
    );
  }
  if (block.kind === 'link') {
    return (
      `<p style="margin:0 0 16px"><a href="${escapeHtml(block.url)}" style="color:${BRAND};font-weight:600">` +
      `${escapeHtml(block.label)}</a></p>`
    );
  }
  const rows = block.rows
    .map((r) => {
      const weight = r.strong ? 'font-weight:700;' : '';
      return (
        `<tr><td style="padding:4px 12px 4px 0;${weight}">${escapeHtml(r.label)}</td>` +
        `<td style="padding:4px 0;text-align:right;${weight}">${escapeHtml(r.value)}</td></tr>`
      );
    })
    .join('');
  return `<table role="presentation" style="border-collapse:collapse;width:100%;margin:0 0 16px">${rows}</table>`;
}

const footerText = (line: FooterLine) => (typeof line === 'string' ? line : `${line.text}: ${line.url}`);

function footerHtml(line: FooterLine): string {
  const inner =
    typeof line === 'string'
      ? escapeHtml(line)
      : `<a href="${escapeHtml(line.url)}" style="color:#555555">${escapeHtml(line.text)}</a>`;
  return `<p style="margin:0 0 8px">${inner}</p>`;
}

/**
 * What a mail says: a heading and blocks, and `footer` lines that close it (why the customer got it, how to stop
 * it). Every value in it is already text (money, dates and links formatted), so rendering it later gives the mail
 * that would have been rendered when it was written.
 */
export type MailLayout = {
  subject: string;
  heading: string;
  blocks: MailBlock[];
  footer?: FooterLine[];
};

/** The same mail as plain text and as simple HTML. */
export function renderMail(input: MailLayout): MailContent {
  const footer = input.footer ?? [];
  const text = [
    input.heading,
    '',
    ...input.blocks.flatMap((b) => [textOf(b), '']),
    ...(footer.length > 0 ? ['--', ...footer.map(footerText), ''] : []),
    STORE_NAME,
    '',
  ].join('\n');
  const html =
    `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><title>${escapeHtml(input.subject)}</title></head>` +
    `<body style="margin:0;background:#f5f5f5;font-family:Arial,Helvetica,sans-serif;color:#1f1f1f">` +
    `<div style="max-width:560px;margin:0 auto;background:#ffffff">` +
    `<div style="background:${BRAND};color:#ffffff;padding:16px 24px;font-size:20px;font-weight:700">${STORE_NAME}</div>` +
    `<div style="padding:24px"><h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(input.heading)}</h1>` +
    input.blocks.map(htmlOf).join('') +
    (footer.length > 0
      ? `<div style="border-top:1px solid #e5e5e5;margin-top:24px;padding-top:12px;font-size:13px;color:#555555">` +
        footer.map(footerHtml).join('') +
        `</div>`
      : '') +
    `</div></div></body></html>`;
  return { subject: input.subject, text, html };
}
