import type {
  StaffCustomerDetail,
  StaffCustomerList,
  StaffCustomerOrder,
  StaffCustomerSummary,
} from '@storefront/contract/customers-admin';
import { vi } from 'vitest';

/** Test data: customers as support reads them. */
export function makeCustomerSummary(overrides: Partial<StaffCustomerSummary> = {}): StaffCustomerSummary {
  return {
    customerID: 3,
    name: 'Cam Customer',
    email: 'cam@shop.test',
    status: 'active',
    emailVerified: true,
    createdAt: '2026-10-01T00:00:00.000Z',
    orderCount: 2,
    lastOrderAt: '2026-11-28T00:00:00.000Z',
    ...overrides,
  };
}

export function makeCustomerList(list: StaffCustomerSummary[], page = 1, pageSize = 20): StaffCustomerList {
  return { list, total: list.length, page, pageSize };
}

export function makeCustomerOrder(overrides: Partial<StaffCustomerOrder> = {}): StaffCustomerOrder {
  const orderID = overrides.orderID ?? 7;
  return {
    orderID,
    reference: `SO-${orderID}`,
    createdAt: '2026-11-28T00:00:00.000Z',
    status: 'delivered',
    total: 4250,
    ...overrides,
  };
}

export function makeCustomerDetail(
  overrides: Partial<StaffCustomerDetail['customer']> = {},
  rest: Partial<Omit<StaffCustomerDetail, 'customer'>> = {},
): StaffCustomerDetail {
  const orders = rest.orders ?? [makeCustomerOrder()];
  return {
    customer: {
      customerID: 3,
      email: 'cam@shop.test',
      firstName: 'Cam',
      lastName: 'Customer',
      name: 'Cam Customer',
      phone: '0412345678',
      postCode: '2000',
      suburb: 'Sydney',
      status: 'active',
      emailVerified: false,
      createdAt: '2026-10-01T00:00:00.000Z',
      hasPassword: true,
      hasGoogle: false,
      lastSignInAt: '2026-11-27T00:00:00.000Z',
      creditBalance: 1500,
      ...overrides,
    },
    disabled: null,
    orderCount: orders.length,
    orders,
    ...rest,
  };
}

/** A screen `width` wide: Ant Design's breakpoints ask matchMedia for min-widths. */
export function screenWidth(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    return {
      matches: min !== null && width >= Number(min[1]),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    };
  });
}
