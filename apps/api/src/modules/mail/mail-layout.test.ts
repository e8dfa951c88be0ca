import { describe, expect, it } from 'vitest';
import { formatAud, renderMail } from './mail-layout.js';

describe('the store mail layout', () => {
  const mail = renderMail({
    subject: 'Your order <SO-1>',
    heading: 'Thanks, Ann & Bob',
    blocks: [
      { kind: 'paragraph', text: 'We have your order.' },
      {
        kind: 'rows',
        rows: [
          { label: 'Bananas x 2', value: '$3.00' },
          { label: 'Total', value: '$12.95', strong: true },
        ],
      },
      { kind: 'action', label: 'See your order', url: 'https://shop.example/account/orders/1?a=1&b=2' },
    ],
    footer: [
      'You get this mail because you ordered.',
      { text: 'Unsubscribe', url: 'https://shop.example/newsletter/unsubscribe?email=a%40b.c&token=x' },
    ],
  });

  it('says the same in plain text, with the link spelled out', () => {
    expect(mail.text).toContain('Thanks, Ann & Bob');
    expect(mail.text).toMatch(/Bananas x 2 +\$3\.00/);
    expect(mail.text).toContain('See your order: https://shop.example/account/orders/1?a=1&b=2');
    expect(mail.text).toContain('You get this mail because you ordered.');
  });

  it('escapes what it is given in the HTML, links included', () => {
    expect(mail.html).toContain('Thanks, Ann &amp; Bob');
    expect(mail.html).toContain('<title>Your order &lt;SO-1&gt;</title>');
    expect(mail.html).toContain('href="https://shop.example/account/orders/1?a=1&amp;b=2"');
    expect(mail.html).not.toContain('<SO-1>');
  });

  it('the spelled-out link may break anywhere, so a long token does not widen a phone screen', () => {
    expect(mail.html).toMatch(
      /<p style="[^"]*overflow-wrap:anywhere;word-break:break-all[^"]*">Or open this link: https:\/\/shop\.example\/account\/orders\/1/,
    );
  });

  it('a footer line with a link is a link in the HTML, and spelled out in plain text', () => {
    expect(mail.text).toContain(
      'Unsubscribe: https://shop.example/newsletter/unsubscribe?email=a%40b.c&token=x',
    );
    expect(mail.html).toContain(
      '<a href="https://shop.example/newsletter/unsubscribe?email=a%40b.c&amp;token=x" style="color:#555555">Unsubscribe</a>',
    );
  });

  it("writes money as Intl's en-AU dollars do, for amounts of every size and sign", () => {
    const intl = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });
    const amounts = [
      ...Array.from({ length: 2_000 }, (_, i) => i),
      ...Array.from({ length: 2_000 }, (_, i) => -i - 1),
      99_999,
      100_000,
      123_456,
      99_999_999,
      100_000_000,
      123_456_789_012,
      -123_456_789,
      Number.MAX_SAFE_INTEGER,
    ];
    for (const cents of amounts) expect(formatAud(cents), String(cents)).toBe(intl.format(cents / 100));
    expect(formatAud(123_456)).toBe('$1,234.56');
    expect(formatAud(-5)).toBe('-$0.05');
  });
});
