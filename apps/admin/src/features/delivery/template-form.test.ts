import { describe, expect, it } from 'vitest';
import type { DeliveryTemplate } from '@storefront/contract/delivery-admin';
import { dayNamesOf, describeCutoff, describePriceDelta } from './delivery-format';
import { formValuesOf, newTemplateValues, templateBodyOf } from './template-form';

const evening: DeliveryTemplate = {
  templateID: 7,
  zone: 'metro',
  weekdays: [1, 2, 3, 4, 5],
  startTime: '17:00',
  endTime: '19:00',
  capacity: 8,
  priceDelta: 300,
  label: 'Evening',
  cutoffMinutes: 120,
  isActive: true,
  booked: 2,
};

describe('the window template form', () => {
  it('shows the price in dollars and sends it back in cents, unchanged', () => {
    const values = formValuesOf(evening);
    expect(values.priceDelta).toBe(3);
    const { templateID: _id, booked: _booked, ...fields } = evening;
    expect(templateBodyOf(values)).toEqual(fields);
  });

  it('sends the days in order, a cheaper window in negative cents, and a blank label as none', () => {
    const body = templateBodyOf({
      ...newTemplateValues('regional'),
      weekdays: [6, 1, 3],
      priceDelta: -1.5,
      label: '   ',
    });
    expect(body).toMatchObject({ zone: 'regional', weekdays: [1, 3, 6], priceDelta: -150, label: null });
    // 0.29 dollars is 28.999… cents in floating point.
    expect(templateBodyOf({ ...newTemplateValues(), priceDelta: 0.29 }).priceDelta).toBe(29);
  });
});

describe('how a template reads', () => {
  it('names its days Monday first, its price beside plain delivery and when booking closes', () => {
    expect(dayNamesOf([7, 1, 6])).toEqual(['Mon', 'Sat', 'Sun']);
    expect([300, 0, -150].map(describePriceDelta)).toEqual(['+$3.00', 'None', '−$1.50']);
    expect([0, 45, 120, 90, 2880].map(describeCutoff)).toEqual([
      'At the start',
      '45 min before',
      '2 h before',
      '1 h 30 min before',
      '48 h before',
    ]);
  });
});
