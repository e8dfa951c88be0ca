import type { OrderCreateBody } from '@storefront/contract/order';
import type { ShippingZone } from '@storefront/contract/shipping';
import type { Db, Executor } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { findAddressesWithDefaultBilling, type AddressRow } from '../address/address.repo.js';
import { snapshotOf } from '../address/address.service.js';
import {
  deleteCartLines,
  listSelectedLinesLockingProducts,
  lockCart,
  updateCart,
} from '../cart/cart.repo.js';
import { findCartCoupon, toCartItem, type CartItem } from '../cart/cart.service.js';
import { takeStock as takeProductStock, type CartProduct } from '../catalog/catalog.repo.js';
import { stockError, unavailableReasonOf } from '../catalog/stock.js';
import type { CouponRow } from '../coupon/coupon.repo.js';
import { claimCoupon } from '../coupon/coupon.service.js';
import { priceCart, withCredit, type CartPrice } from '../pricing/price-cart.js';
import { listRatesForZone } from '../shipping/shipping.repo.js';
import { zoneOf } from '../shipping/shipping.rules.js';
import { findSuburbById } from '../suburb/suburb.repo.js';
import { holdCredit, recordOrderCredit } from '../wallet/wallet.service.js';
import { claimKey, saveAnswer, type IdempotencyScope } from '../idempotency/idempotency.repo.js';
import type { DeliveryWindowRow } from '../delivery/delivery.repo.js';
import { bookWindow } from '../delivery/delivery.service.js';
import { queueOrderMail, type OrderMailSettings } from './order-mails.js';
import { insertOrder, type OrderLineRow, type OrderRow } from './order.repo.js';

/** An Idempotency-Key with the digest of the request it came with. */
export type CheckoutKey = { scope: IdempotencyScope; requestHash: string };

/** The order as checkout wrote it, with what its answer shows: enough to answer without reading it back. */
export type PlacedOrder = {
  order: OrderRow;
  lines: OrderLineRow[];
  couponCode: string | null;
  window: DeliveryWindowRow | null;
};

/**
 * Checkout: turns the selected available cart lines into an order in one transaction, as a list of named steps,
 * each calling the module that owns what it touches. A step that throws rolls every earlier one back. Answers the
 * order placed, or only its id when the Idempotency-Key replays an earlier checkout.
 */
export function createCheckout(db: Db, now: () => Date, mail: OrderMailSettings) {
  return async function checkout(
    customerId: number,
    body: OrderCreateBody,
    key?: CheckoutKey,
  ): Promise<{ orderId: number; placed?: PlacedOrder }> {
    return db.transaction(async (tx) => {
      // Claimed in the order's own transaction: a second request with the key waits for this one, then replays it.
      if (key) {
        const claim = await claimKey(tx, key.scope, key.requestHash);
        if (claim.kind === 'reused') throw new AppError('IDEMPOTENCY_KEY_REUSED');
        if (claim.kind === 'replay') return { orderId: (claim.answer.body as { orderID: number }).orderID };
      }
      // The cart lock serialises this customer's checkouts with each other and with cart edits.
      await lockCart(tx, customerId);
      const addresses = await findAddresses(tx, customerId, body);
      const zone = await zoneOfDelivery(tx, addresses.delivery);
      const lines = await lockSelectedLines(tx, customerId);
      const window = await bookWindow(tx, zone, body.deliveryWindowID, now());
      const price = await priceOrder(tx, customerId, lines, zone, body, now(), window);
      if (price.coupon) await claimCoupon(tx, customerId, price.coupon);
      const creditUsed = body.useCredit ? await holdCredit(tx, customerId, price.totals.total) : 0;
      await takeStock(tx, price.selected);
      const written = await writeOrder(tx, customerId, {
        price,
        creditUsed,
        addresses,
        body,
        window,
        placedAt: now(),
      });
      const { order } = written;
      await recordOrderCredit(tx, { customerId, orderId: order.id, amountCents: -creditUsed });
      await emptyCartLines(tx, customerId, price);
      await queueOrderMail(tx, { ...written, window }, { kind: 'placed' }, mail, now());
      if (key) await saveAnswer(tx, key.scope, { status: 200, body: { orderID: order.id } });
      return { orderId: order.id, placed: { ...written, couponCode: price.coupon?.code ?? null, window } };
    });
  };
}

type Addresses = { delivery: AddressRow; billing: AddressRow };
type OrderPrice = CartPrice<CartItem> & { coupon: CouponRow | null };

/** The delivery address, and the billing one asked for, else the default billing address, else the delivery one. */
async function findAddresses(tx: Executor, customerId: number, body: OrderCreateBody): Promise<Addresses> {
  const asked = body.billingAddressID === undefined ? [] : [body.billingAddressID];
  const rows = await findAddressesWithDefaultBilling(tx, customerId, [body.addressID, ...asked]);
  const delivery = rows.find((a) => a.id === body.addressID);
  if (!delivery) throw new AppError('NOT_FOUND', 'No such delivery address.');
  if (body.billingAddressID === undefined) {
    return { delivery, billing: rows.find((a) => a.isDefaultBilling) ?? delivery };
  }
  const billing = rows.find((a) => a.id === body.billingAddressID);
  if (!billing) throw new AppError('NOT_FOUND', 'No such billing address.');
  return { delivery, billing };
}

async function zoneOfDelivery(tx: Executor, delivery: AddressRow): Promise<ShippingZone> {
  const suburb = await findSuburbById(tx, delivery.suburbId);
  if (!suburb) throw new AppError('NO_DESTINATION');
  return zoneOf(suburb);
}

/**
 * The selected lines that can be bought now, their products locked so the stock priced here is still there when
 * it is taken; unavailable ones stay in the cart, unless none can be bought.
 */
async function lockSelectedLines(tx: Executor, customerId: number): Promise<CartItem[]> {
  const selected = (await listSelectedLinesLockingProducts(tx, customerId)).map(toCartItem);
  const [first] = selected;
  if (!first) throw new AppError('CART_EMPTY');
  const available = selected.filter((l) => unavailableReasonOf(l.product, l.quantity) === null);
  if (available.length === 0) throw stockError(first.product, first.quantity);
  return available;
}

/** A window's price difference is part of the delivery charge (a free-delivery coupon does not cover it). */
function withWindowFee<P extends { totals: { shipping: number; total: number } }>(price: P, fee: number): P {
  if (fee === 0) return price;
  const shipping = Math.max(0, price.totals.shipping + fee);
  return {
    ...price,
    totals: { ...price.totals, shipping, total: price.totals.total - price.totals.shipping + shipping },
  };
}

/** Prices the locked lines with the cart's coupon and the chosen shipping; refuses whatever no longer holds. */
async function priceOrder(
  tx: Executor,
  customerId: number,
  lines: CartItem[],
  zone: ShippingZone,
  body: OrderCreateBody,
  now: Date,
  window: DeliveryWindowRow | null,
): Promise<OrderPrice> {
  const [coupon, rates] = await Promise.all([findCartCoupon(tx, customerId), listRatesForZone(tx, zone)]);
  const price = withWindowFee(
    priceCart({ lines, coupon, shipping: { rates, service: body.shippingService }, now }),
    window?.priceDeltaCents ?? 0,
  );
  const [gone] = price.unavailable;
  if (gone) throw stockError(gone.line.product, gone.line.quantity);
  if (price.couponProblem) throw new AppError(price.couponProblem);
  if (!price.shippingOption) throw new AppError('NO_DESTINATION', 'We do not deliver to that suburb yet.');
  const { total } = price.totals;
  if (body.expectedTotal !== undefined && body.expectedTotal !== total)
    throw new AppError(
      'ORDER_TOTAL_CHANGED',
      `The order total is now ${(total / 100).toFixed(2)} AUD. Please check it and place the order again.`,
    );
  return { ...price, coupon: coupon?.coupon ?? null };
}

/** Takes every line's stock in one statement, each only where that many are left. */
async function takeStock(tx: Executor, lines: CartItem[]): Promise<void> {
  const taken = await takeProductStock(
    tx,
    lines.map(({ product, quantity }) => ({ productId: product.id, quantity })),
  );
  const short = lines.find((l) => !taken.has(l.product.id));
  if (short) throw new AppError('NOT_ENOUGH_STOCK', `${short.product.name} is out of stock.`);
}

/** The order and its lines as priced; wholly paid with store credit it is `paid`, else it awaits payment. */
async function writeOrder(
  tx: Executor,
  customerId: number,
  placed: {
    price: OrderPrice;
    creditUsed: number;
    addresses: Addresses;
    body: OrderCreateBody;
    window: DeliveryWindowRow | null;
    placedAt: Date;
  },
): Promise<{ order: OrderRow; lines: OrderLineRow[] }> {
  const { price, addresses } = placed;
  const totals = withCredit(price.totals, placed.creditUsed);
  const isPaid = totals.amountDue === 0;
  return insertOrder(
    tx,
    {
      customerId,
      status: isPaid ? 'paid' : 'pending_payment',
      subtotalCents: totals.subtotal,
      discountCents: totals.discount,
      shippingCents: totals.shipping,
      creditUsedCents: totals.creditUsed,
      totalCents: totals.total,
      couponId: price.coupon?.id ?? null,
      shippingService: placed.body.shippingService,
      shippingAddress: snapshotOf(addresses.delivery),
      billingAddress: snapshotOf(addresses.billing),
      deliveryWindowId: placed.window?.id ?? null,
      paidAt: isPaid ? placed.placedAt : null,
      createdAt: placed.placedAt,
    },
    price.selected.map(({ product, quantity }) => orderLineOf(product, quantity)),
  );
}

/** An order line keeps the product as it was sold: later edits of the product do not change the order. */
export function orderLineOf(product: CartProduct, quantity: number): Omit<OrderLineRow, 'orderId'> {
  return {
    productId: product.id,
    sku: product.sku,
    name: product.name,
    imageUrl: product.imageUrl,
    unitPriceCents: product.priceCents,
    quantity,
  };
}

/** Takes the ordered lines, and the coupon they used, off the cart; lines left unselected or unavailable stay. */
async function emptyCartLines(tx: Executor, customerId: number, price: OrderPrice): Promise<void> {
  await deleteCartLines(
    tx,
    customerId,
    price.selected.map((l) => l.product.id),
  );
  if (price.coupon) await updateCart(tx, customerId, { couponId: null });
}
