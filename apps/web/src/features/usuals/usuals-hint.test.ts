import { beforeEach, describe, expect, it } from 'vitest';
import { readUsualsHint, saveUsualsHint, USUALS_SHELF_SIZE } from './usuals-hint';

beforeEach(() => localStorage.clear());

const wholeRow = { cards: USUALS_SHELF_SIZE, height: null };

describe('the room the home page keeps for the usuals', () => {
  it('is a whole row of placeholder cards for a customer not seen before', () => {
    expect(readUsualsHint(7, 1280)).toEqual(wholeRow);
  });

  it('is as many cards as the customer was shown last time, none when they had none', () => {
    saveUsualsHint(7, 2, { height: 0, width: 1280 });
    expect(readUsualsHint(7, 1280).cards).toBe(2);
    saveUsualsHint(7, 0, { width: 1280 });
    expect(readUsualsHint(7, 1280)).toEqual({ cards: 0, height: null });
    saveUsualsHint(7, 12, { width: 1280 });
    expect(readUsualsHint(7, 1280).cards).toBe(USUALS_SHELF_SIZE);
  });

  it('is as tall as the shelf was, at the same window width only', () => {
    saveUsualsHint(7, 4, { height: 412.4, width: 1280 });
    expect(readUsualsHint(7, 1280)).toEqual({ cards: 4, height: 412.4 });
    expect(readUsualsHint(7, 375)).toEqual({ cards: 4, height: null });
  });

  it("is never another customer's, nor read from a value that is not its own", () => {
    saveUsualsHint(7, 0, { width: 1280 });
    expect(readUsualsHint(8, 1280)).toEqual(wholeRow);
    localStorage.setItem('storefront.usualsShown', '{"customerID":7,"shown":"lots"}');
    expect(readUsualsHint(7, 1280)).toEqual(wholeRow);
    localStorage.setItem('storefront.usualsShown', 'not json');
    expect(readUsualsHint(7, 1280)).toEqual(wholeRow);
  });
});
