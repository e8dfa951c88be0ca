import { describe, expect, it } from 'vitest';
import { canOpen, homePathOf, pagesFor } from './access';

describe('which role opens which page', () => {
  it('an owner opens every page and lands on the dashboard', () => {
    expect(pagesFor('owner')).toEqual([
      'dashboard',
      'orders',
      'pickList',
      'products',
      'stock',
      'delivery',
      'offers',
      'customers',
      'staff',
      'audit',
      'account',
    ]);
    expect(homePathOf('owner')).toBe('/dashboard');
  });

  it('a manager reads the audit log but does not manage staff', () => {
    expect(pagesFor('manager')).toEqual([
      'dashboard',
      'orders',
      'pickList',
      'products',
      'stock',
      'delivery',
      'offers',
      'customers',
      'audit',
      'account',
    ]);
    expect(canOpen('manager', 'staff')).toBe(false);
  });

  it('support reads the dashboard and the orders, and packs nothing', () => {
    expect(pagesFor('support')).toEqual(['dashboard', 'orders', 'customers', 'account']);
    expect(canOpen('support', 'products')).toBe(false);
    expect(canOpen('support', 'order')).toBe(true);
    expect(canOpen('support', 'packing')).toBe(false);
  });

  it('a picker has the pick list and their account, lands on the pick list, and opens an order to pack it', () => {
    expect(pagesFor('picker')).toEqual(['pickList', 'account']);
    expect(homePathOf('picker')).toBe('/pick-list');
    expect(canOpen('picker', 'audit')).toBe(false);
    expect(canOpen('picker', 'orders')).toBe(false);
    expect(canOpen('picker', 'order')).toBe(true);
    expect(canOpen('picker', 'packing')).toBe(true);
  });
});
