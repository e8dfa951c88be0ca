/**
 * The money paths and the tests each is scored against: a file's own module's tests (the API's on the embedded
 * database, or on PostgreSQL where a target says `database: 'postgres'`), plus the unit tests of the pure rules it
 * is built from.
 */
export const targets = [
  {
    name: 'pricing',
    workspace: 'apps/api',
    mutate: ['src/modules/pricing/price-cart.ts'],
    tests: ['src/modules/pricing/*.test.ts'],
  },
  {
    name: 'gst',
    workspace: 'packages/contract',
    mutate: ['src/gst.ts'],
    tests: ['src/gst.test.ts'],
  },
  {
    name: 'coupon-rules',
    workspace: 'apps/api',
    mutate: ['src/modules/coupon/coupon.rules.ts'],
    tests: ['src/modules/coupon/*.test.ts', 'src/modules/pricing/*.test.ts'],
  },
  {
    name: 'coupon-service',
    workspace: 'apps/api',
    mutate: ['src/modules/coupon/coupon.service.ts'],
    tests: ['src/modules/coupon/*.test.ts', 'src/modules/order/*.test.ts', 'src/modules/wallet/*.test.ts'],
  },
  {
    name: 'shipping-rules',
    workspace: 'apps/api',
    mutate: ['src/modules/shipping/shipping.rules.ts'],
    tests: ['src/modules/shipping/shipping.rules.test.ts', 'src/modules/pricing/*.test.ts'],
  },
  {
    name: 'shipping-service',
    workspace: 'apps/api',
    mutate: ['src/modules/shipping/shipping.service.ts'],
    tests: ['src/modules/shipping/*.test.ts'],
  },
  {
    name: 'cart',
    workspace: 'apps/api',
    // A write held up by another writer's lock, and a checkout holding the cart, happen only on PostgreSQL: the
    // embedded database runs one statement at a time.
    database: 'postgres',
    mutate: ['src/modules/cart/cart.service.ts'],
    // A write answers the listing sent behind it unless that listing ran first: reading again is the same answer
    // with more statements, which only the statement counts tell.
    // The delivery quote prices the cart with its own coupon (shipping.test.ts).
    tests: [
      'src/modules/cart/*.test.ts',
      'src/adversarial/statement-counts.test.ts',
      'src/modules/shipping/shipping.test.ts',
    ],
  },
  {
    name: 'checkout',
    workspace: 'apps/api',
    mutate: ['src/modules/order/checkout.ts'],
    // Booking a delivery window is a checkout step; its tests live with the delivery module.
    tests: ['src/modules/order/*.test.ts', 'src/modules/delivery/*.test.ts'],
  },
  {
    name: 'order',
    workspace: 'apps/api',
    // Its row locks change an outcome only where transactions run side by side (order-locks.test.ts).
    database: 'postgres',
    mutate: ['src/modules/order/order.service.ts'],
    // Moving an order's delivery window is tested with the delivery module; cancelling an unpaid or paid order's
    // money (stock, coupon, credit, the provider's refund) with the payment flows; that a cancel or a detail asks
    // for no payment, window or coupon the order has not got, by the statement counts.
    tests: [
      'src/modules/order/*.test.ts',
      'src/modules/delivery/*.test.ts',
      'src/modules/payment/*.test.ts',
      'src/adversarial/statement-counts.test.ts',
      // The shop grid's cache is cleared when an order takes or gives back stock.
      'src/modules/catalog/listing-cache.test.ts',
    ],
  },
  {
    name: 'order-payment',
    workspace: 'apps/api',
    // Its row locks change an outcome only where transactions run side by side (order-locks.test.ts).
    database: 'postgres',
    mutate: ['src/modules/order/order-payment.service.ts'],
    tests: ['src/modules/order/*.test.ts', 'src/modules/payment/*.test.ts'],
  },
  {
    name: 'payment',
    workspace: 'apps/api',
    mutate: ['src/modules/payment/payment.service.ts'],
    tests: ['src/modules/payment/*.test.ts'],
  },
  {
    name: 'fulfilment',
    workspace: 'apps/api',
    // Refunds at packing and staff refunds: what was not sent, split between the provider and store credit.
    mutate: ['src/modules/fulfilment/fulfilment.service.ts'],
    tests: ['src/modules/fulfilment/*.test.ts', 'src/modules/payment/payment-flow.test.ts'],
  },
  {
    name: 'wallet',
    workspace: 'apps/api',
    mutate: ['src/modules/wallet/wallet.service.ts'],
    tests: ['src/modules/wallet/*.test.ts', 'src/modules/order/*.test.ts'],
  },
  {
    name: 'http-client',
    workspace: 'apps/web',
    mutate: ['src/lib/http/axios-client.ts'],
    tests: ['src/lib/http/*.test.ts'],
  },
];
