import { describe, expect, it } from 'vitest';
import { contactAddressOf } from './mail-config.js';

describe("the shop's contact address", () => {
  it('is the address of MAIL_FROM, with or without a name', () => {
    expect(contactAddressOf('Harbour Grocer <hello@harbourgrocer.example>')).toBe(
      'hello@harbourgrocer.example',
    );
    expect(contactAddressOf(' orders@harbourgrocer.example ')).toBe('orders@harbourgrocer.example');
  });
});
