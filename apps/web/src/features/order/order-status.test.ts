import { describe, expect, it } from 'vitest';
import { orderStatusLabels, orderStatusOrder } from './order-status';

describe('order status display', () => {
  it('names every status once, in the order of the timeline', () => {
    expect(new Set(orderStatusOrder).size).toBe(orderStatusOrder.length);
    expect(Object.keys(orderStatusLabels).sort()).toEqual([...orderStatusOrder].sort());
    expect(orderStatusLabels.pending_payment).toBe('Awaiting payment');
  });
});
