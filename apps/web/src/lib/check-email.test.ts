import { describe, expect, it } from 'vitest';
import { checkEmail, EMAIL_NOT_ASCII } from './check-email';

const messages = { missing: 'Enter your email.', invalid: 'Enter a valid email.' };

describe('checkEmail', () => {
  it('asks for an email when the field is empty or blank', () => {
    expect(checkEmail('', messages)).toBe('Enter your email.');
    expect(checkEmail('   ', messages)).toBe('Enter your email.');
  });

  it('refuses text that is not an address', () => {
    for (const value of ['not-an-email', 'a@b', 'a b@c.com', '@example.com', 'kim@example.']) {
      expect(checkEmail(value, messages)).toBe('Enter a valid email.');
    }
  });

  it('accepts an address, spaces around it aside', () => {
    expect(checkEmail(' kim.shopper+deals@mail.example.com.au ', messages)).toBeNull();
  });

  it('takes an address at an internationalised domain, which the API keeps as its A-label', () => {
    expect(checkEmail('kim@bücher.de', messages)).toBeNull();
    expect(checkEmail('kim@пример.рф', messages)).toBeNull();
  });

  it('refuses an accented letter before the @, as the API does, saying why', () => {
    expect(checkEmail('josé@example.com', messages)).toBe(EMAIL_NOT_ASCII);
  });

  it('refuses what the API refuses though a looser pattern passes it', () => {
    for (const value of ['kim@localhost.c', 'kim..smith@example.com', 'kim@example_1.com', 'kim@1.2.3.4']) {
      expect(checkEmail(value, messages), value).toBe('Enter a valid email.');
    }
  });
});
