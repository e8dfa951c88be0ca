import type { OrderCreateBody } from '@storefront/contract/order';
import { commitWithWrites, type Db, type Executor } from '../../db/client.js';
import { planAsUsual, planEachStatement } from '../../db/plan-each-statement.js';
import { together } from '../../db/together.js';
import { AppError } from '../../lib/app-error.js';
import { findCustomersByIds } from '../account/account.repo.js';
import { findAddressesWithDefaultBillingOf } from '../address/address.repo.js';
import {
  deleteCartLinesOf,
  findCartCouponRowsOf,
  listSelectedLinesLockingProductsOf,
  lockCarts,
} from '../cart/cart.repo.js';
import { toCartItem, type CartItem } from '../cart/cart.service.js';
import { takeStock } from '../catalog/catalog.repo.js';
import { listZonesWithWindows } from '../delivery/delivery.repo.js';
import {
  claimNewKeysAnsweringIds,
  releaseKeys,
  type IdempotencyScope,
} from '../idempotency/idempotency.repo.js';
import { insertMails } from '../mail/outbox.repo.js';
import { listRates } from '../shipping/shipping.repo.js';
import { findSuburbsOfAddressesOf } from '../suburb/suburb.repo.js';
import {
  decide,
  orderLineOf,
  orderOf,
  type CheckoutKey,
  type CheckoutRead,
  type CheckoutSettings,
  type PlacedOrder,
} from './checkout.js';
import { orderMail } from './order-mails.js';
import {
  compareOrderLines,
  countUnpaidOrdersOf,
  insertOrders,
  nextOrderIds,
  ORDER_ID_ANSWER,
  type OrderLineRow,
} from './order.repo.js';

/** One customer's checkout, as `order/create` asks for it. */
export type CheckoutCall = { customerId: number; body: OrderCreateBody; key?: CheckoutKey };

/** What a checkout in a batch came to: placed, refused, or left to run on its own once the batch is over. */
export type TogetherOutcome =
  { kind: 'placed'; placed: PlacedOrder } | { kind: 'refused'; error: AppError } | { kind: 'alone' };

/**
 * Whether a checkout can share a transaction with others. One that books a delivery window or spends store credit
 * goes alone: its holds take a round trip of their own and can be refused after they were taken, which only a
 * transaction of its own rolls back.
 */
export function goesTogether(body: OrderCreateBody): boolean {
  return body.deliveryWindowID === undefined && body.useCredit !== true;
}

/**
 * Many customers' checkouts in one transaction and two round trips, with the statements of one checkout (the same
 * reads, refusals and writes, apps/api/README.md "Checkout") each sent once for all of them: the carts locked in
 * customer order, then every product of their selected lines in product order, as one checkout locks its own, so
 * batches and single checkouts queue on each other instead of deadlocking. Each checkout is decided on its own:
 * one refused leaves the others to be placed, and gives its Idempotency-Key back as its own rollback would. What
 * a batch cannot decide as one checkout would is left to run alone after it: a key already claimed (a retry),
 * a cart never written to, a coupon to claim, and a line whose stock the checkouts before it in the batch have
 * taken. Any failure of the database fails the whole batch, which wrote nothing; its caller runs each alone.
 */
export async function checkoutTogether(
  db: Db,
  calls: CheckoutCall[],
  placedAt: Date,
  { mail, maxUnpaid }: CheckoutSettings,
): Promise<TogetherOutcome[]> {
  return db.transaction(async (tx) => {
    const { reads, claimed } = await readAll(tx, calls, placedAt);
    const taken = new Map<number, number>();
    const placed: { call: CheckoutCall; placed: PlacedOrder; read: BatchRead }[] = [];
    const givenBack: IdempotencyScope[] = [];
    const outcomes = calls.map((call, i): TogetherOutcome => {
      const read = reads[i];
      const outcome = read
        ? decideOne(call, read, { placedAt, maxUnpaid, taken })
        : { kind: 'alone' as const };
      if (outcome.kind === 'placed') placed.push({ call, placed: outcome.placed, read: read as BatchRead });
      else if (call.key && claimed.has(call.customerId)) givenBack.push(call.key.scope);
      return outcome;
    });
    // The writes that find rows (planned for their values), then the inserts, whose foreign-key checks keep their
    // plans (`planAsUsual`).
    await together([
      releaseKeys(tx, givenBack),
      takeStock(
        tx,
        [...taken].map(([productId, quantity]) => ({ productId, quantity })),
      ),
      deleteCartLinesOf(
        tx,
        placed.flatMap((p) =>
          p.placed.lines.map((l) => ({ customerId: p.call.customerId, productId: l.productId })),
        ),
      ),
      planAsUsual(tx),
      insertOrders(
        tx,
        placed.map((p) => p.placed.order),
        placed.flatMap((p) => p.placed.lines),
      ),
      insertMails(
        tx,
        placed.flatMap(({ placed: { order, lines, window }, read: { customer } }) =>
          customer ? [orderMail({ order, lines, window, customer }, { kind: 'placed' }, mail, placedAt)] : [],
        ),
        placedAt,
      ),
      commitWithWrites(tx),
    ]);
    return outcomes;
  });
}

/** What a checkout of the batch read, its order's id among it. */
type BatchRead = CheckoutRead & { orderId: number };

/**
 * What each checkout depends on, as `readCheckout` reads it for one, in one round trip for all (undefined for a
 * checkout that is to run alone), and the customers whose keys the batch claimed, with their orders' ids.
 * Statements run in the order sent, each after the locks before it.
 */
async function readAll(
  tx: Executor,
  calls: CheckoutCall[],
  now: Date,
): Promise<{ reads: Array<BatchRead | undefined>; claimed: Map<number, number> }> {
  const customerIds = calls.map((c) => c.customerId);
  const [
    claimed,
    ,
    withCart,
    unpaid,
    addresses,
    suburbs,
    lines,
    coupons,
    rates,
    zonesWithWindows,
    customers,
    ids,
  ] = await together([
    claimNewKeysAnsweringIds(
      tx,
      calls.flatMap((c) => (c.key ? [c.key] : [])),
      now,
      ORDER_ID_ANSWER,
    ),
    planEachStatement(tx),
    lockCarts(tx, customerIds),
    countUnpaidOrdersOf(tx, customerIds),
    findAddressesWithDefaultBillingOf(
      tx,
      calls.map(({ customerId, body }) => ({
        customerId,
        ids: [body.addressID, body.billingAddressID ?? body.addressID],
      })),
    ),
    findSuburbsOfAddressesOf(
      tx,
      calls.map(({ customerId, body }) => ({ customerId, addressId: body.addressID })),
    ),
    listSelectedLinesLockingProductsOf(tx, customerIds),
    findCartCouponRowsOf(tx, customerIds),
    listRates(tx),
    listZonesWithWindows(tx),
    findCustomersByIds(tx, customerIds),
    nextOrderIds(tx, calls.filter((c) => !c.key).length),
  ]);
  // A checkout with a key has its order's id from the claim; the others take the ids read, in turn.
  let nextId = 0;
  const reads = calls.map(({ customerId, key }) => {
    const orderId = key ? claimed.get(customerId) : ids[nextId++];
    if (orderId === undefined || !withCart.has(customerId)) return undefined;
    return {
      claim: key ? { kind: 'new' as const } : null,
      unpaid: unpaid.get(customerId) ?? 0,
      addresses: addresses.get(customerId) ?? [],
      suburb: suburbs.get(customerId),
      lines: (lines.get(customerId) ?? []).map(toCartItem),
      coupon: coupons.get(customerId),
      rates,
      windowChoice: { kind: 'none' as const, zonesWithWindows },
      customer: customers.get(customerId),
      orderId,
    };
  });
  return { reads, claimed };
}

/**
 * One checkout of the batch, decided as it would be alone; `taken` is the stock the checkouts before it took,
 * and grows by this one's lines when it is placed.
 */
function decideOne(
  { customerId, body }: CheckoutCall,
  read: BatchRead,
  { placedAt, maxUnpaid, taken }: { placedAt: Date; maxUnpaid: number; taken: Map<number, number> },
): TogetherOutcome {
  let decided: ReturnType<typeof decide>;
  try {
    decided = decide(read, body, placedAt, maxUnpaid);
  } catch (err) {
    if (err instanceof AppError) return { kind: 'refused', error: err };
    throw err;
  }
  const { addresses, window, price } = decided;
  if (price.coupon || !fitsStockLeft(price.selected, taken)) return { kind: 'alone' };
  for (const { product, quantity } of price.selected) {
    taken.set(product.id, (taken.get(product.id) ?? 0) + quantity);
  }
  const order = orderOf(customerId, read.orderId, {
    price,
    creditUsed: 0,
    addresses,
    body,
    window,
    placedAt,
  });
  const lines: OrderLineRow[] = price.selected
    .map((line) => ({ ...orderLineOf(line), orderId: order.id }))
    .sort(compareOrderLines);
  return { kind: 'placed', placed: { order, lines, couponCode: null, window } };
}

/** Whether the lines fit in the stock read, after what the checkouts before them in the batch took. */
function fitsStockLeft(lines: CartItem[], taken: Map<number, number>): boolean {
  return lines.every(({ product, quantity }) => (taken.get(product.id) ?? 0) + quantity <= product.stock);
}
