import { describe, expect, it } from 'vitest';
import { checkListName, describeOrderAdded, describeShortfall, productsText } from './list-words';

const list = { listID: 1, name: 'Weekly shop', itemCount: 3, createdAt: '', updatedAt: '' };

describe('a list name as typed', () => {
  it('is taken once trimmed, up to 60 characters counted as the server counts them', () => {
    expect(checkListName('  Weekly shop ')).toBeNull();
    expect(checkListName('👍'.repeat(60))).toBeNull();
    expect(checkListName('x'.repeat(61))).toBe("A list's name is at most 60 characters.");
    expect(checkListName('   ')).toBe('Enter a name for the list.');
  });
});

describe('what the lists say', () => {
  it('counts products in words', () => {
    expect(productsText(1)).toBe('1 product');
    expect(productsText(0)).toBe('0 products');
  });

  it('says what a past order put on a list, and what the shop no longer sells', () => {
    expect(describeOrderAdded('SO-5', { list, added: 3, leftOut: [] })).toBe(
      '3 products from SO-5 added to Weekly shop.',
    );
    expect(
      describeOrderAdded('SO-5', {
        list,
        added: 1,
        leftOut: [
          { productID: 7, name: 'Mooncake' },
          { productID: 8, name: 'Egg nog' },
        ],
      }),
    ).toBe('1 product from SO-5 added to Weekly shop. Not added, no longer sold: Mooncake, Egg nog.');
  });

  it('says why a product did not all go into the trolley, and nothing when it did', () => {
    const line = { productID: 4, name: 'Avocado', asked: 4, added: 2, reason: 'capped' as const };
    expect(describeShortfall(line)).toBe('Avocado: only 2 of 4 added (stock or the 99 limit)');
    expect(describeShortfall({ ...line, added: 0, reason: 'out_of_stock' })).toBe('Avocado: sold out');
    expect(describeShortfall({ ...line, name: null, reason: 'unavailable' })).toBe(
      'Product 4: no longer sold',
    );
    expect(describeShortfall({ ...line, added: 4, reason: null })).toBeNull();
  });
});
