import { describe, expect, it } from 'vitest';
import { serializeQuery } from './query-string';

describe('serializeQuery', () => {
  it('sends arrays as repeated keys', () => {
    expect(serializeQuery({ status: ['paid', 'shipped'], page: 2 })).toBe(
      'status=paid&status=shipped&page=2',
    );
  });

  it('leaves out empty values and encodes the rest', () => {
    expect(serializeQuery({ keyword: 'surry hills & co', category: undefined, tag: null, ids: [] })).toBe(
      'keyword=surry+hills+%26+co',
    );
  });

  it('writes dates as ISO strings and booleans as words', () => {
    expect(serializeQuery({ from: new Date('2026-01-02T03:04:05Z'), selected: false })).toBe(
      'from=2026-01-02T03%3A04%3A05.000Z&selected=false',
    );
  });
});
