import type { Product } from '@storefront/contract/catalog';
import type { StaffOrderDetail } from '@storefront/contract/fulfilment';
import type { OrderAddress, OrderDetail, OrderLine } from '@storefront/contract/order';

/** Test data: an order line, an order as staff read it, a catalogue product. */
export function makeOrderLine(overrides: Partial<OrderLine> = {}): OrderLine {
  const quantity = overrides.quantity ?? 1;
  const price = overrides.price ?? 500;
  return {
    productID: 1,
    sku: `SKU-${overrides.productID ?? 1}`,
    name: 'Product',
    imageUrl: '/img/product.png',
    price,
    quantity,
    lineTotal: quantity * price,
    gstFree: true,
    allowSubstitute: null,
    packedQuantity: null,
    substitute: null,
    ...overrides,
  };
}

const address: OrderAddress = {
  addressID: 1,
  firstName: 'Cam',
  lastName: 'Customer',
  phone: '0412345678',
  line1: '1 Macquarie St',
  line2: null,
  suburbID: 1,
  suburb: 'Sydney',
  state: 'NSW',
  postcode: '2000',
  country: 'AU',
};

export function makeOrderDetail(overrides: Partial<OrderDetail> = {}): StaffOrderDetail {
  const lines = overrides.lines ?? [makeOrderLine()];
  const subtotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);
  const order: OrderDetail = {
    orderID: 7,
    status: 'paid',
    lines,
    totals: {
      subtotal,
      discount: 0,
      shipping: 900,
      creditUsed: 0,
      total: subtotal + 900,
      amountDue: 0,
      gst: 0,
    },
    shippingService: 'standard',
    shippingAddress: address,
    billingAddress: address,
    couponCode: null,
    createdAt: '2026-11-28T00:00:00.000Z',
    updatedAt: '2026-11-28T00:00:00.000Z',
    paidAt: '2026-11-28T00:01:00.000Z',
    cancelledAt: null,
    payBy: null,
    canCancel: false,
    cancelBy: null,
    canChangeAddress: false,
    deliveryWindow: null,
    canChangeWindow: false,
    canChangeNotes: false,
    canChangeSubstitutes: false,
    deliveryNotes: null,
    leaveUnattended: false,
    cancellation: null,
    paidWith: 'demo',
    paymentPendingWith: null,
    history: [],
    refunds: [],
    trackingReference: null,
    ...overrides,
  };
  return {
    order,
    customer: { customerID: 1, email: 'cam@shop.test', name: 'Cam Customer', phone: null },
    payments: [],
    mails: [],
    moves: [],
    refundable: order.totals.total,
  };
}

export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    productID: 1,
    sku: 'SKU-1',
    name: 'Product',
    description: '',
    imageUrl: '/img/product.png',
    price: 500,
    stock: 10,
    weightGrams: 500,
    category: 'pantry',
    isActive: true,
    available: true,
    unitPrice: null,
    wasPrice: null,
    isOnSpecial: false,
    specialEndsAt: null,
    thumbnailUrl: '/img/product.png',
    brand: null,
    ingredients: null,
    allergensContains: [],
    allergensMayContain: [],
    originStatement: null,
    dietary: [],
    ...overrides,
  };
}
