import { describe, expect, it } from 'vitest';
import { fullName } from './person-name.js';

describe('a full name', () => {
  it('is the first and last name with one space between', () => {
    expect(fullName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
  });

  it('is the one name alone for a person with one name: no trailing or double space', () => {
    expect(fullName({ firstName: 'Cher', lastName: '' })).toBe('Cher');
    expect(fullName({ firstName: 'Cher', lastName: '  ' })).toBe('Cher');
    expect(fullName({ firstName: 'Cher', lastName: null })).toBe('Cher');
    expect(fullName({ firstName: 'Cher' })).toBe('Cher');
  });
});
