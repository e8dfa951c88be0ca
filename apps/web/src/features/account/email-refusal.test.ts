import { describe, expect, it } from 'vitest';
import { isEmailFocusAsked, shortRefusalReason } from './email-refusal';

describe("the mail server's reason, as the customer reads it", () => {
  it.each([
    ['550 5.1.1 No such mailbox here', 'No such mailbox here'],
    [
      '550-5.1.1 The email account that you tried to reach does not exist.',
      'The email account that you tried to reach does not exist',
    ],
    ['553 mailbox name not allowed', 'mailbox name not allowed'],
    ['  User unknown  in   virtual table ', 'User unknown in virtual table'],
  ])('%j reads %j, without its codes', (reason, shown) => {
    expect(shortRefusalReason(reason)).toBe(shown);
  });

  it('a reply of codes alone says the address was refused; a long one is cut to a line', () => {
    expect(shortRefusalReason('550 5.1.1')).toBe('the address was refused');
    const long = shortRefusalReason(`550 ${'word '.repeat(60)}`);
    expect(long.length).toBeLessThanOrEqual(120);
    expect(long.endsWith('…')).toBe(true);
  });

  it('only the state a link to the email carries asks for its focus', () => {
    expect(isEmailFocusAsked({ focus: 'profile-email' })).toBe(true);
    expect(isEmailFocusAsked({ focus: 'elsewhere' })).toBe(false);
    expect(isEmailFocusAsked(null)).toBe(false);
  });
});
