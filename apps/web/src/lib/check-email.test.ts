import { describe, expect, it } from 'vitest';
import { checkEmail } from './check-email';

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
});
