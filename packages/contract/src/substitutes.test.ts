import { describe, expect, it } from 'vitest';
import { substitutionNote } from './substitutes.js';

const lines = (...allow: (boolean | null)[]) => allow.map((allowSubstitute) => ({ allowSubstitute }));

describe('what is said of substitutes', () => {
  it('every line allowing one: a similar item may come', () => {
    expect(substitutionNote(lines(true, true))).toBe(
      'If an item has run out when we pack your order, we may send a similar one at the same price or less.',
    );
  });

  it('no line allowing one: missing items are refunded', () => {
    expect(substitutionNote(lines(false, false))).toBe(
      'You asked for no substitutes: an item that has run out when we pack your order is refunded.',
    );
  });

  it('some allowing one: the marked lines are refunded', () => {
    expect(substitutionNote(lines(true, false))).toBe(
      'If an item has run out when we pack your order, we may send a similar one at the same price or less, except those marked "no substitute": they are refunded.',
    );
  });

  it('an order from before the question was asked says nothing of it', () => {
    expect(substitutionNote(lines(null, null))).toBeNull();
    expect(substitutionNote([])).toBeNull();
  });
});
