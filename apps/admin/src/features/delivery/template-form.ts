import {
  WEEKDAYS,
  type DeliveryTemplate,
  type TemplateCreateBody,
} from '@storefront/contract/delivery-admin';
import type { ShippingZone } from '@storefront/contract/shipping';

/** A template as its form holds it: the price difference in dollars, as staff type it. */
export type TemplateFormValues = {
  zone: ShippingZone;
  weekdays: number[];
  startTime: string;
  endTime: string;
  capacity: number;
  /** Dollars, negative for a cheaper window; named as the API's field so its refusals land on it. */
  priceDelta: number;
  label?: string | null;
  cutoffMinutes: number;
  isActive: boolean;
};

export function newTemplateValues(zone: ShippingZone = 'metro'): TemplateFormValues {
  return {
    zone,
    weekdays: [...WEEKDAYS],
    startTime: '09:00',
    endTime: '11:00',
    capacity: 10,
    priceDelta: 0,
    label: '',
    cutoffMinutes: 120,
    isActive: true,
  };
}

export function formValuesOf(t: DeliveryTemplate): TemplateFormValues {
  return {
    zone: t.zone,
    weekdays: t.weekdays,
    startTime: t.startTime,
    endTime: t.endTime,
    capacity: t.capacity,
    priceDelta: t.priceDelta / 100,
    label: t.label ?? '',
    cutoffMinutes: t.cutoffMinutes,
    isActive: t.isActive,
  };
}

/** What the API takes: cents, the days in order, no label rather than an empty one. */
export function templateBodyOf(values: TemplateFormValues): TemplateCreateBody {
  return {
    zone: values.zone,
    weekdays: [...values.weekdays].sort((a, b) => a - b),
    startTime: values.startTime,
    endTime: values.endTime,
    capacity: values.capacity,
    priceDelta: Math.round(values.priceDelta * 100),
    label: values.label?.trim() || null,
    cutoffMinutes: values.cutoffMinutes,
    isActive: values.isActive,
  };
}
