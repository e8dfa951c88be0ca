import { describe, expect, it } from 'vitest';
import { searchSummary } from './search-summary';

describe('what a search found, said', () => {
  it('counts the matches, one or many', () => {
    expect(searchSummary('tea', 3, 'all')).toBe('3 products match “tea”.');
    expect(searchSummary('vegemite', 1, 'all')).toBe('1 product matches “vegemite”.');
  });

  it('says when nothing matches, and when only some words did', () => {
    expect(searchSummary('caviar', 0, 'all')).toBe('Nothing matches “caviar”.');
    expect(searchSummary('coffee beans', 2, 'any')).toBe(
      'Nothing matches every word of “coffee beans”. 2 products match some of them.',
    );
  });
});
