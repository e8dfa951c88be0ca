import { describe, expect, it } from 'vitest';
import { abnDigits, formatAbn, isAbn } from './abn.js';

describe('ABN', () => {
  it('accepts a number that passes the ABR check, with or without its spaces', () => {
    expect(isAbn('51824753556')).toBe(true);
    expect(isAbn('51 824 753 556')).toBe(true);
    expect(abnDigits('51 824 753 556')).toBe('51824753556');
  });

  it('refuses one digit changed, a digit short, and letters', () => {
    expect(isAbn('51824753557')).toBe(false);
    expect(isAbn('5182475355')).toBe(false);
    expect(isAbn('5182475355x')).toBe(false);
    expect(isAbn('12345678901')).toBe(false);
  });

  it('is written in groups of 2, 3, 3 and 3 digits', () => {
    expect(formatAbn('51824753556')).toBe('51 824 753 556');
  });
});
