import { describe, expect, it } from 'vitest';
import { loginBody } from './account.js';
import { forgotPasswordBody } from './account-mail.js';
import { canonicalEmail, emailProblem } from './email-address.js';
import { subscribeBody } from './newsletter.js';

describe('emailProblem', () => {
  it('takes addresses SMTP delivers, an internationalised domain among them', () => {
    for (const address of [
      'kim@example.com',
      ' kim.shopper+deals@mail.example.com.au ',
      "o'neil@example.com",
      'a!b#c$d%e&f*g/h=i?j^k_l`m{n|o}p~q-r@example.com',
      'kim@bücher.de',
      'kim@xn--bcher-kva.de',
      'kim@пример.рф',
      'kim@123.example',
    ]) {
      expect(emailProblem(address), address).toBeNull();
    }
  });

  it('names an accented or other non-ASCII letter before the @, which needs SMTPUTF8 on every server', () => {
    for (const address of ['josé@example.com', 'josé@bücher.de', 'δοκιμή@example.com', '用户@例子.中国']) {
      expect(emailProblem(address), address).toBe('local-part-not-ascii');
    }
  });

  it('refuses what is no address', () => {
    for (const address of [
      '',
      'kim',
      'kim@',
      '@example.com',
      'kim@example',
      'kim@example.',
      'kim@example..com',
      'kim@-example.com',
      'kim@1.2.3.4',
      'kim@[127.0.0.1]',
      'kim@example.com/x',
      'kim@exa mple.com',
      'kim smith@example.com',
      '.kim@example.com',
      'kim.@example.com',
      'ki..m@example.com',
      '"kim"@example.com',
      'ki(m)@example.com',
      'jo sé@example.com',
      `${'k'.repeat(65)}@example.com`,
      `kim@${'a'.repeat(64)}.com`,
      `kim@${'abcdefghi.'.repeat(25)}com`,
    ]) {
      expect(emailProblem(address), address).toBe('not-an-address');
    }
  });
});

describe('canonicalEmail', () => {
  it('keeps one spelling of a mailbox: lower case, the domain as its A-label', () => {
    expect(canonicalEmail(' Kim@Example.COM ')).toBe('kim@example.com');
    expect(canonicalEmail('Kim@BÜCHER.de')).toBe('kim@xn--bcher-kva.de');
    expect(canonicalEmail('kim@xn--bcher-kva.de')).toBe('kim@xn--bcher-kva.de');
  });
});

describe('the API’s email fields', () => {
  it('take an internationalised domain and keep it as the A-label', () => {
    expect(loginBody.parse({ email: 'Kim@Bücher.de', password: 'x' }).email).toBe('kim@xn--bcher-kva.de');
    expect(forgotPasswordBody.parse({ email: 'kim@bücher.de' }).email).toBe('kim@xn--bcher-kva.de');
    expect(subscribeBody.parse({ email: 'kim@bücher.de' })?.email).toBe('kim@xn--bcher-kva.de');
  });

  it('refuse a non-ASCII letter before the @ saying so, on the email field', () => {
    const result = loginBody.safeParse({ email: 'josé@example.com', password: 'x' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['email'], message: expect.stringMatching(/before the @/) }),
    ]);
  });
});
