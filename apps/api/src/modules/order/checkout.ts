import { gstIncluded } from '@storefront/contract/gst';
import type { OrderCreateBody } from '@storefront/contract/order';
import { violatedConstraint, type Db, type Executor } from '../../db/client.js';
import { planAsUsual, planEachStatement } from '../../db/plan-each-statement.js';
import { together } from '../../db/together.js';
import { AppError } from '../../lib/app-error.js';
import { findCheckoutAddresses, type AddressRow } from '../address/address.repo.js';
import { refuseUnlessDoor, snapshotOf } from '../address/address.service.js';
import {
  deleteCartLines,
  listSelectedLinesLockingProducts,
  lockCartReadingCoupon,
  updateCart,
} from '../cart/cart.repo.js';
import { toCartItem, type CartItem } from '../cart/cart.service.js';
import { STOCK_NON_NEGATIVE, takeStock as takeProductStock } from '../catalog/catalog.repo.js';
import { stockError, unavailableReasonOf } from '../catalog/stock.js';
import type { CouponRow, CustomerCoupon } from '../coupon/coupon.repo.js';
import { claimCoupon } from '../coupon/coupon.service.js';
import type { DeliveryWindowRow } from '../delivery/delivery.repo.js';
import { bookWindowAsked, checkWindowChoice, explainRefusal } from '../delivery/delivery.service.js';
import { claimKeyAnsweringId, type IdempotencyScope } from '../idempotency/idempotency.repo.js';
import { priceCart, withCredit, type CartPrice } from '../pricing/price-cart.js';
import type { ShippingRateRow, ZoneRateRow } from '../shipping/shipping.repo.js';
import { amountToMinimum, minimumOrderOf, zoneOf } from '../shipping/shipping.rules.js';
import { holdCredit, recordOrderCredit } from '../wallet/wallet.service.js';
import { formatAud } from '../mail/mail-layout.js';
import { queueOrderMail, type MailRecipient, type OrderMailSettings } from './order-mails.js';
import {
  compareOrderLines,
  countUnpaidOrders,
  insertOrder,
  nextOrderId,
  ORDER_ID_ANSWER,
  type OrderLineRow,
  type OrderRow,
} from './order.repo.js';

/** An Idempotency-Key with the digest of the request it came with. */
export type CheckoutKey = { scope: IdempotencyScope; requestHash: string };

/** The order as checkout wrote it, with what its answer shows: enough to answer without reading it back. */
export type PlacedOrder = {
  order: OrderRow;
  lines: OrderLineRow[];
  couponCode: string | null;
  window: DeliveryWindowRow | null;
};

export type CheckoutSettings = {
  mail: OrderMailSettings;
  /** Orders a customer may have awaiting payment at once (`UNPAID_ORDERS_MAX`). */
  maxUnpaid: number;
  /** Every zone's rates and minimum order (kept in memory: shipping/rates-cache.ts). */
  rates: () => Promise<ZoneRateRow[]>;
};

export type CheckoutOutcome = { orderId: number; placed?: PlacedOrder };

/** Who places the order: the signed-in customer as their session knows them (the order's mail goes to them). */
export type Buyer = MailRecipient & { id: number };

/**
 * Checkout: turns the selected available cart lines into an order in one transaction, its statements sent in two
 * batches however big the cart (each batch pipelined, node-postgres's pipeline mode): read and lock everything the
 * order depends on, booking the window asked for (a conditional update, so concurrent checkouts never overfill it);
 * decide, in code, every refusal and the order as it will be written; write it all, the coupon's use first. Each
 * step calls the module that owns what it touches; anything refused rolls every step back, the window's place with
 * it (apps/api/README.md, "Checkout"). Answers the order placed, or only its id when the Idempotency-Key replays an
 * earlier checkout.
 */
export function createCheckout(db: Db, now: () => Date, { mail, maxUnpaid, rates }: CheckoutSettings) {
  return async function checkout(
    buyer: Buyer,
    body: OrderCreateBody,
    key?: CheckoutKey,
  ): Promise<CheckoutOutcome> {
    const customerId = buyer.id;
    // The zones' rates, kept in memory: read, if need be, before the transaction (the embedded database has one
    // connection, which the transaction holds).
    const zoneRates = await rates();
    return db.transaction(async (tx) => {
      const placedAt = now();
      const read = await readCheckout(tx, customerId, body, placedAt, key);
      if (read.claim?.kind === 'reused') throw new AppError('IDEMPOTENCY_KEY_REUSED');
      if (read.claim?.kind === 'replay')
        return { orderId: (read.claim.answer.body as { orderID: number }).orderID };
      // Checkout's keys hold their answers from the claim on (claimKeyAnsweringId): none is ever pending.
      if (read.orderId === undefined)
        throw new Error(`an order's key was ${read.claim?.kind ?? 'not'} claimed`);
      const { orderId } = read;
      // A window that could not be booked is read again only to say why (refusals only).
      const windowChoice = read.suburb
        ? await explainRefusal(tx, read.windowChoice, zoneOf(read.suburb), placedAt)
        : read.windowChoice;
      const { addresses, window, price } = decide(
        { ...read, windowChoice, rates: zoneRates },
        body,
        placedAt,
        maxUnpaid,
      );
      const creditUsed = Math.min(read.credit, price.totals.total);
      checkAmountDue(withCredit(price.totals, creditUsed).amountDue, body.expectedAmountDue);
      const order = orderOf(customerId, orderId, {
        price,
        creditUsed,
        addresses,
        body,
        window,
        placedAt,
      });
      const lines = price.selected
        .map((line) => ({ ...orderLineOf(line), orderId: order.id }))
        .sort(compareOrderLines);
      // The coupon's use first (used up, it is the refusal heard); the writes that find rows (planned for their
      // values); then the inserts, whose foreign-key checks keep their plans (`planAsUsual`).
      await together([
        price.coupon && claimCoupon(tx, customerId, price.coupon),
        takeStock(tx, price.selected),
        emptyCartLines(tx, customerId, price),
        planAsUsual(tx),
        insertOrder(tx, order, lines),
        recordOrderCredit(tx, { customerId, orderId: order.id, amountCents: -creditUsed }),
        queueOrderMail(tx, { order, lines, window, customer: buyer }, { kind: 'placed' }, mail, placedAt),
      ]);
      return {
        orderId: order.id,
        placed: { order, lines, couponCode: price.coupon?.code ?? null, window },
      };
    });
  };
}

type Addresses = { delivery: AddressRow; billing: AddressRow };
type OrderPrice = CartPrice<CartItem> & { coupon: CouponRow | null };

/**
 * What checkout depends on, sent together: the Idempotency-Key claimed (a second request with the key waits here
 * for the first, then replays it); then, each statement planned for its values (`planEachStatement`), the cart
 * locked with its coupon (serialising this customer's checkouts with each other and with cart edits), how many of
 * the customer's orders await payment (a row the orders' triggers keep), the addresses with the delivery suburb,
 * the selected lines with their products locked (so the stock priced is still there when it is taken), a place
 * taken in the window asked for, the customer's credit held when they spend it and, without a key, the order's id.
 * Statements run in the order sent, each after the locks before it.
 */
async function readCheckout(
  tx: Executor,
  customerId: number,
  body: OrderCreateBody,
  now: Date,
  key?: CheckoutKey,
) {
  const [claimed, , cart, unpaid, addresses, lines, windowChoice, credit, nextId] = await together([
    key ? claimKeyAnsweringId(tx, key.scope, key.requestHash, now, ORDER_ID_ANSWER) : null,
    planEachStatement(tx),
    lockCartReadingCoupon(tx, customerId),
    countUnpaidOrders(tx, customerId),
    findCheckoutAddresses(tx, customerId, {
      deliveryId: body.addressID,
      billingId: body.billingAddressID ?? body.addressID,
    }),
    listSelectedLinesLockingProducts(tx, customerId),
    bookWindowAsked(tx, body.deliveryWindowID, now),
    body.useCredit ? holdCredit(tx, customerId) : 0,
    key ? null : nextOrderId(tx),
  ]);
  return {
    claim: claimed?.claim ?? null,
    unpaid,
    addresses: addresses.addresses,
    suburb: addresses.deliverySuburb,
    // Without a carts row nothing was locked: lines added since cannot be ordered unseen.
    lines: cart ? lines.map(toCartItem) : [],
    coupon: cart?.coupon ?? null,
    windowChoice,
    credit,
    // Claimed with a key, the order's id is the one its answer holds (none when the key was not new).
    orderId: claimed ? claimed.id : (nextId ?? undefined),
  };
}

/** What checkout decides on: what it read in its transaction, and the zones' rates. */
export type CheckoutRead = Awaited<ReturnType<typeof readCheckout>> & { rates: ZoneRateRow[] };

/** Every refusal before the writes, in the order a customer should hear them; answers what the order is made of. */
export function decide(
  read: CheckoutRead,
  body: OrderCreateBody,
  now: Date,
  maxUnpaid: number,
): { addresses: Addresses; window: DeliveryWindowRow | null; price: OrderPrice } {
  if (read.unpaid >= maxUnpaid) throw new AppError('ORDER_UNPAID_LIMIT');
  const addresses = addressesOf(read.addresses, body);
  refuseUnlessDoor(addresses.delivery);
  if (!read.suburb) throw new AppError('NO_DESTINATION');
  const zone = zoneOf(read.suburb);
  const lines = availableLines(read.lines);
  const window = checkWindowChoice(read.windowChoice, zone);
  // A zone with windows delivers in the window booked: the window is the delivery choice, express is not one.
  if (window && body.shippingService === 'express') throw new AppError('DELIVERY_EXPRESS_NOT_OFFERED');
  const rates = read.rates.filter((r) => r.zone === zone);
  const price = priceOrder(lines, read.coupon, rates, body, now, window);
  refuseBelowMinimum(price.totals.subtotal, minimumOrderOf(rates), read.suburb.postcode);
  checkTotal(price.totals.total, body.expectedTotal);
  return { addresses, window, price };
}

/**
 * The zone's minimum order is measured on the goods subtotal: the lines at the prices they sell at (GST in), before
 * any coupon, without delivery (as the big grocers' delivery minimums exclude fees); equal to it is enough.
 */
function refuseBelowMinimum(subtotal: number, minimum: number, postcode: string): void {
  const gap = amountToMinimum(minimum, subtotal);
  if (gap === 0) return;
  throw new AppError(
    'ORDER_BELOW_MINIMUM',
    `Orders delivered to ${postcode} need at least ${formatAud(minimum)} of items: add ${formatAud(gap)} more.`,
  );
}

/** The total the customer was shown is the one the order charges, or the order is refused for them to check. */
function checkTotal(total: number, expected: number | undefined): void {
  if (expected === undefined || expected === total) return;
  throw new AppError(
    'ORDER_TOTAL_CHANGED',
    `The order total is now ${formatAud(total)}. Please check it and place the order again.`,
  );
}

/** The delivery address, and the billing one asked for, else the default billing address, else the delivery one. */
function addressesOf(rows: AddressRow[], body: OrderCreateBody): Addresses {
  const delivery = rows.find((a) => a.id === body.addressID);
  if (!delivery) throw new AppError('NOT_FOUND', 'No such delivery address.');
  if (body.billingAddressID === undefined) {
    return { delivery, billing: rows.find((a) => a.isDefaultBilling) ?? delivery };
  }
  const billing = rows.find((a) => a.id === body.billingAddressID);
  if (!billing) throw new AppError('NOT_FOUND', 'No such billing address.');
  return { delivery, billing };
}

/** The selected lines that can be bought now; unavailable ones stay in the cart, unless none can be bought. */
function availableLines(selected: CartItem[]): CartItem[] {
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

/** Prices the buyable lines with the cart's coupon and the chosen shipping; refuses a coupon that no longer holds. */
function priceOrder(
  lines: CartItem[],
  coupon: CustomerCoupon | null,
  rates: ShippingRateRow[],
  body: OrderCreateBody,
  now: Date,
  window: DeliveryWindowRow | null,
): OrderPrice {
  const price = withWindowFee(
    priceCart({
      lines,
      coupon,
      shipping: { rates, isWindowDelivery: window !== null, service: body.shippingService },
      now,
    }),
    window?.priceDeltaCents ?? 0,
  );
  if (price.couponProblem) throw new AppError(price.couponProblem);
  if (!price.shippingOption) throw new AppError('NO_DESTINATION', 'We do not deliver to that suburb yet.');
  // A coupon that takes nothing off (free standard shipping on an express order, or on one that ships free anyway)
  // is not spent on this order: it stays in the cart for one it helps.
  const saves = price.totals.discount > 0 || price.shippingOption.freeReason === 'coupon';
  return { ...price, coupon: saves ? (coupon?.coupon ?? null) : null };
}

/** The credit held leaves to pay what the customer was shown, or the order is refused (rolling the holds back). */
function checkAmountDue(amountDue: number, expected: number | undefined): void {
  if (expected === undefined || expected === amountDue) return;
  throw new AppError(
    'ORDER_TOTAL_CHANGED',
    `Your store credit has changed: ${formatAud(amountDue)} is now to pay. Please check it and place the order again.`,
  );
}

/**
 * Takes every line's stock in one statement. The lines were checked against stock their products' locks keep, so
 * a refusal here means that check was wrong; the database refuses it all the same, before COMMIT.
 */
async function takeStock(tx: Executor, lines: CartItem[]): Promise<void> {
  await takeProductStock(
    tx,
    lines.map(({ product, quantity }) => ({ productId: product.id, quantity })),
  ).catch((err: unknown) => {
    if (violatedConstraint(err) === STOCK_NON_NEGATIVE) throw new AppError('NOT_ENOUGH_STOCK');
    throw err;
  });
}

/** The order as priced, every column: wholly paid with store credit it is `paid`, else it awaits payment. */
export function orderOf(
  customerId: number,
  id: number,
  placed: {
    price: OrderPrice;
    creditUsed: number;
    addresses: Addresses;
    body: OrderCreateBody;
    window: DeliveryWindowRow | null;
    placedAt: Date;
  },
): OrderRow {
  const { price, addresses, placedAt } = placed;
  const totals = withCredit(price.totals, placed.creditUsed);
  const isPaid = totals.amountDue === 0;
  return {
    id,
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
    createdAt: placedAt,
    updatedAt: placedAt,
    paidAt: isPaid ? placedAt : null,
    cancelledAt: null,
    deliveryNotes: placed.body.deliveryNotes || null,
    leaveUnattended: placed.body.leaveUnattended ?? false,
    trackingReference: null,
    gstCents: gstIncluded({
      lines: price.selected.map(({ product, quantity }) => ({
        lineTotal: product.priceCents * quantity,
        gstFree: product.gstFree,
      })),
      discount: totals.discount,
      shipping: totals.shipping,
    }),
  };
}

/** An order line keeps the product as it was sold: later edits of the product do not change the order. */
export function orderLineOf({
  product,
  quantity,
  allowSubstitute,
}: Pick<CartItem, 'product' | 'quantity' | 'allowSubstitute'>): Omit<OrderLineRow, 'orderId'> {
  return {
    productId: product.id,
    sku: product.sku,
    name: product.name,
    imageUrl: product.imageUrl,
    unitPriceCents: product.priceCents,
    quantity,
    gstFree: product.gstFree,
    allowSubstitute,
    packedQuantity: null,
    substituteProductId: null,
    substituteName: null,
    substitutePriceCents: null,
  };
}

/** Takes the ordered lines, and the coupon they used, off the cart; lines left unselected or unavailable stay. */
async function emptyCartLines(tx: Executor, customerId: number, price: OrderPrice): Promise<void> {
  await together([
    deleteCartLines(
      tx,
      customerId,
      price.selected.map((l) => l.product.id),
    ),
    price.coupon && updateCart(tx, customerId, { couponId: null }),
  ]);
}
