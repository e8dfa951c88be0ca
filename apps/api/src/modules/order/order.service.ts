import {
  orderAddress,
  orderStatuses,
  type OrderAddressBody,
  type OrderAddressOptions,
  type OrderCancelBody,
  type OrderCancellation,
  type OrderCreateBody,
  type OrderDeliveryNotesBody,
  type OrderSubstitutesBody,
  type OrderDetail,
  type OrderList,
  type OrderListParams,
  type OrderReorderBody,
  type OrderStat,
  type OrderStatus,
  type OrderSummary,
  type OrderTotals,
  type ReorderResult,
} from '@storefront/contract/order';
import type { OrderDeliveryWindowBody } from '@storefront/contract/delivery';
import type { CancelRefund } from '@storefront/contract/refund';
import type { Db, Executor } from '../../db/client.js';
import type { DeliveryWindowRow } from '../../db/schema/index.js';
import { errorCatalogue, type ErrorName } from '@storefront/contract/errors';
import { AppError } from '../../lib/app-error.js';
import type { WarnLog } from '../../lib/warn-log.js';
import { findAddress, listAddresses } from '../address/address.repo.js';
import { isDoor, refuseUnlessDoor, snapshotOf } from '../address/address.service.js';
import { returnStock } from '../catalog/catalog.repo.js';
import { mergeIntoCart } from '../cart/cart-merge.js';
import { lockCart } from '../cart/cart.repo.js';
import { findCouponCode, releaseCouponUse } from '../coupon/coupon.repo.js';
import { hashRequest } from '../idempotency/idempotency.repo.js';
import type { PaymentService } from '../payment/payment.service.js';
import { withCredit } from '../pricing/price-cart.js';
import { zoneOf } from '../shipping/shipping.rules.js';
import { findSuburbById, findSuburbsByIds } from '../suburb/suburb.repo.js';
import { recordOrderCredit } from '../wallet/wallet.service.js';
import { recordAudit, type Actor } from '../audit/audit.service.js';
import { createCheckout, type Buyer, type PlacedOrder } from './checkout.js';
import type { ZoneRateRow } from '../shipping/shipping.repo.js';
import {
  bookWindow,
  describeInstant,
  findDeliveryWindow,
  findOfferedWindow,
  lockWindows,
  returnWindowPlace,
  toBookedWindow,
} from '../delivery/delivery.service.js';
import { dayAfter, isOpenForBooking, localInstant } from '../delivery/delivery.rules.js';
import { queueOrderMail, type OrderMailSettings } from './order-mails.js';
import {
  countOrdersByStatus,
  findOrder,
  findOrderById,
  listOrderLines,
  listOrderRefunds,
  listOrders,
  listStatusMoves,
  recordStatusMove,
  setSubstitutes,
  updateOrderWhileIn,
  type OrderLineRow,
  type OrderRefundRow,
  type OrderRow,
  type StatusMoveRow,
} from './order.repo.js';

/** The customer may change where it goes, and how, until it is packed. */
export const OPEN_STATUSES = ['pending_payment', 'paid', 'picking'] as const satisfies OrderStatus[];
/**
 * The customer may cancel only before picking starts (a paid order's goods are then on their way to the van), and an
 * order with a delivery window only until the window's cut-off, when the store plans the run.
 */
export const CUSTOMER_CANCELLABLE = ['pending_payment', 'paid'] as const satisfies OrderStatus[];
/** Staff may cancel while picking too (the fulfilment issue): nothing has left the shop. */
const STAFF_CANCELLABLE = ['pending_payment', 'paid', 'picking'] as const satisfies OrderStatus[];
const PREVIEW_LINES = 3;

function isOpen(status: OrderStatus): boolean {
  return (OPEN_STATUSES as readonly OrderStatus[]).includes(status);
}

/** Why an order can no longer be changed, said after the refusal; nothing while it is open. */
const CLOSED_BECAUSE: Record<OrderStatus, string | null> = {
  pending_payment: null,
  paid: null,
  picking: null,
  packed: 'The order has been packed.',
  out_for_delivery: 'The order is on its way.',
  shipped: 'The order is on its way.',
  delivered: 'The order has been delivered.',
  cancelled: 'The order was cancelled.',
};

/** A change refused because the order is no longer open, saying why from its status (or as `why` says). */
function closedError(
  name: ErrorName,
  status: OrderStatus | undefined,
  why = status && CLOSED_BECAUSE[status],
): AppError {
  const { msg } = errorCatalogue[name];
  return new AppError(name, why ? `${msg} ${why}` : msg);
}

/** Why the customer can no longer cancel the order (`CUSTOMER_CANCELLABLE`); null while they can. */
export function whyNotCancellable(
  order: Pick<OrderRow, 'status'>,
  window: Pick<DeliveryWindowRow, 'cutoffAt'> | null,
  now: Date,
): string | null {
  if (!(CUSTOMER_CANCELLABLE as readonly OrderStatus[]).includes(order.status))
    return order.status === 'picking' ? 'The order is being picked.' : CLOSED_BECAUSE[order.status];
  if (window && !isOpenForBooking(window, now))
    return `Its delivery window's cut-off (${describeInstant(window.cutoffAt)}) has passed.`;
  return null;
}

/** The same, reading the order's status now (a write that found it closed has just been refused). */
async function closedNow(
  db: Executor,
  name: ErrorName,
  customerId: number,
  orderId: number,
): Promise<AppError> {
  return closedError(name, (await findOrder(db, customerId, orderId))?.status);
}

/** When an order awaiting payment is cancelled unpaid: `unpaidMs` (UNPAID_ORDER_MINUTES) after it was placed. */
export function payByOf(order: Pick<OrderRow, 'createdAt'>, unpaidMs: number): Date {
  return new Date(order.createdAt.getTime() + unpaidMs);
}

/**
 * What the order came to, the GST that includes, and what is left to pay after store credit (the pricing module's
 * arithmetic).
 */
export function totalsOf(order: OrderRow): OrderTotals {
  const {
    subtotalCents: subtotal,
    discountCents: discount,
    shippingCents: shipping,
    totalCents: total,
  } = order;
  return {
    ...withCredit({ subtotal, discount, shipping, total }, order.creditUsedCents),
    gst: order.gstCents,
  };
}

/**
 * What a cancel gives back: an unpaid order only the store credit it spent; a paid one everything, the part its
 * provider took through the provider (a capture is taken only for the amount due) and the rest as credit.
 */
function refundOf(
  order: OrderRow,
  wasPaid: boolean,
  captured: { amountCents: number; provider: CancelRefund['provider'] } | undefined,
): CancelRefund {
  if (!wasPaid) return { byProvider: 0, provider: null, asCredit: order.creditUsedCents };
  const byProvider = captured?.amountCents ?? 0;
  return { byProvider, provider: captured?.provider ?? null, asCredit: order.totalCents - byProvider };
}

function toSummary(order: OrderRow, lines: OrderLineRow[]): OrderSummary {
  return {
    orderID: order.id,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    totals: totalsOf(order),
    itemCount: lines.reduce((n, l) => n + l.quantity, 0),
    lineCount: lines.length,
    preview: lines
      .slice(0, PREVIEW_LINES)
      .map((l) => ({ productID: l.productId, name: l.name, imageUrl: l.imageUrl })),
  };
}

export type OrderServiceDeps = {
  now: () => Date;
  payments: PaymentService;
  log: WarnLog;
  mail: OrderMailSettings;
  /** Orders a customer may have awaiting payment at once. */
  maxUnpaid: number;
  /** Every zone's rates and minimum order, as checkout prices with them (shipping/rates-cache.ts). */
  rates: () => Promise<ZoneRateRow[]>;
  /** Told after an order took stock or gave it back (the shop grid's cache is cleared). */
  onStockChanged: () => void;
  /**
   * Asks the providers about the payments started for an unpaid order and settles any they took (the order is then
   * paid), so a cancel gives back what was taken and says so.
   */
  settleTakenPayments: (customerId: number, orderId: number) => Promise<void>;
};

export function createOrderService(db: Db, deps: OrderServiceDeps) {
  const { now, payments, log, mail, onStockChanged: stockChanged } = deps;
  const checkout = createCheckout(db, now, { mail, maxUnpaid: deps.maxUnpaid, rates: deps.rates });

  async function detail(customerId: number, orderId: number): Promise<OrderDetail> {
    const order = await findOrder(db, customerId, orderId);
    if (!order) throw new AppError('NOT_FOUND', 'No such order.');
    const [lines, couponCode, window, captured, pendingWith, history, refunds] = await Promise.all([
      listOrderLines(db, [order.id]),
      order.couponId === null ? null : findCouponCode(db, order.couponId),
      order.deliveryWindowId === null ? null : findDeliveryWindow(db, order.deliveryWindowId),
      // A paid order's page names who took its payment; none was taken for an unpaid one.
      order.paidAt === null ? undefined : payments.capturedPayment(db, order.id),
      // An unpaid one's says whether a provider is still deciding a payment for it.
      order.status === 'pending_payment' ? payments.capturePendingWith(db, order.id) : undefined,
      listStatusMoves(db, order.id),
      order.paidAt === null ? [] : listOrderRefunds(db, order.id),
    ]);
    const cancellation = order.status === 'cancelled' ? cancellationOf(order, captured) : null;
    return toDetail(
      { order, lines, couponCode, window: window ?? null },
      { cancellation, paidWith: captured?.provider, paymentPendingWith: pendingWith, history, refunds },
    );
  }

  const unpaidMs = mail.unpaidMinutes * 60_000;

  /**
   * Why and how a cancelled order was closed. Never paid and cancelled once its time to pay had passed is the
   * store's cancel of an order left unpaid (a customer's cancel in the minute before the store's round gets to it
   * says the same, and is as true).
   */
  function cancellationOf(order: OrderRow, captured: Parameters<typeof refundOf>[2]): OrderCancellation {
    const payBy = payByOf(order, unpaidMs);
    const notPaid = order.paidAt === null && order.cancelledAt !== null && order.cancelledAt >= payBy;
    return {
      notPaidBy: notPaid ? payBy.toISOString() : null,
      refund: refundOf(order, order.paidAt !== null, captured),
    };
  }

  /** A placed order has no payment yet: nothing cancelled, paid or pending. */
  function toDetail(
    { order, lines, couponCode, window }: PlacedOrder,
    {
      cancellation = null,
      paidWith = null,
      paymentPendingWith = null,
      history = [{ status: order.status, at: order.createdAt }],
      refunds = [],
    }: {
      cancellation?: OrderCancellation | null;
      paidWith?: OrderDetail['paidWith'] | undefined;
      paymentPendingWith?: OrderDetail['paymentPendingWith'] | undefined;
      history?: Pick<StatusMoveRow, 'status' | 'at'>[];
      refunds?: OrderRefundRow[];
    } = {},
  ): OrderDetail {
    const cancellable = whyNotCancellable(order, window, now()) === null;
    return {
      orderID: order.id,
      status: order.status,
      lines: lines.map((l) => ({
        productID: l.productId,
        sku: l.sku,
        name: l.name,
        imageUrl: l.imageUrl,
        price: l.unitPriceCents,
        quantity: l.quantity,
        lineTotal: l.unitPriceCents * l.quantity,
        gstFree: l.gstFree,
        allowSubstitute: l.allowSubstitute,
        packedQuantity: l.packedQuantity,
        substitute:
          l.substituteProductId === null
            ? null
            : {
                productID: l.substituteProductId,
                name: l.substituteName ?? '',
                price: l.substitutePriceCents ?? 0,
              },
      })),
      totals: totalsOf(order),
      shippingService: order.shippingService,
      shippingAddress: orderAddress.parse(order.shippingAddress),
      billingAddress: orderAddress.parse(order.billingAddress),
      couponCode,
      createdAt: order.createdAt.toISOString(),
      updatedAt: order.updatedAt.toISOString(),
      paidAt: order.paidAt?.toISOString() ?? null,
      cancelledAt: order.cancelledAt?.toISOString() ?? null,
      payBy: order.status === 'pending_payment' ? payByOf(order, unpaidMs).toISOString() : null,
      canCancel: cancellable,
      cancelBy: cancellable && window ? window.cutoffAt.toISOString() : null,
      canChangeAddress: isOpen(order.status),
      deliveryWindow: window ? toBookedWindow(window) : null,
      canChangeWindow: isOpen(order.status) && window !== null && isOpenForBooking(window, now()),
      canChangeNotes: isOpen(order.status),
      canChangeSubstitutes: isOpen(order.status),
      deliveryNotes: order.deliveryNotes,
      leaveUnattended: order.leaveUnattended,
      cancellation,
      paidWith: order.paidAt === null ? null : paidWith,
      paymentPendingWith: order.status === 'pending_payment' ? paymentPendingWith : null,
      history: history.map((m) => ({ status: m.status, at: m.at.toISOString() })),
      refunds: refunds.map((r) => ({
        amount: r.providerCents + r.creditCents,
        byProvider: r.providerCents,
        asCredit: r.creditCents,
        reason: r.reason,
        at: r.createdAt.toISOString(),
      })),
      trackingReference: order.trackingReference,
    };
  }

  return {
    /** Checkout (see checkout.ts); answers the order placed. */
    async create(buyer: Buyer, body: OrderCreateBody, idempotencyKey?: string): Promise<OrderDetail> {
      const customerId = buyer.id;
      const key = idempotencyKey
        ? {
            scope: { customerId, route: 'order/create', key: idempotencyKey },
            requestHash: hashRequest(body),
          }
        : undefined;
      const { orderId, placed } = await checkout(buyer, body, key);
      stockChanged();
      // Answered from what checkout wrote; a replayed key answers the order as it is now.
      return placed ? toDetail(placed) : detail(customerId, orderId);
    },

    async list(customerId: number, query: OrderListParams): Promise<OrderList> {
      const { rows, total } = await listOrders(
        db,
        customerId,
        {
          statuses: query.status,
          // The days are the store's (Sydney's), as the customer's receipts and delivery days are.
          placedFrom: query.from ? localInstant(query.from, '00:00') : undefined,
          placedBefore: query.to ? localInstant(dayAfter(query.to), '00:00') : undefined,
        },
        { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
      );
      const lines = await listOrderLines(
        db,
        rows.map((r) => r.id),
      );
      const byOrder = new Map<number, OrderLineRow[]>();
      for (const l of lines) byOrder.set(l.orderId, [...(byOrder.get(l.orderId) ?? []), l]);
      return {
        list: rows.map((r) => toSummary(r, byOrder.get(r.id) ?? [])),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async stat(customerId: number): Promise<OrderStat> {
      const counts = Object.fromEntries(orderStatuses.map((s) => [s, 0])) as OrderStat['counts'];
      let total = 0;
      for (const { status, n } of await countOrdersByStatus(db, customerId)) {
        counts[status] = n;
        total += n;
      }
      return { counts, total };
    },

    detail,

    /** The addresses `changeAddress` takes for the order, so the page offers only those. */
    async addressOptions(customerId: number, orderId: number): Promise<OrderAddressOptions> {
      const order = await findOrder(db, customerId, orderId);
      if (!order) throw new AppError('NOT_FOUND', 'No such order.');
      if (!isOpen(order.status)) return { addressIDs: [] };
      const doors = (await listAddresses(db, customerId)).filter(isDoor);
      // The order's suburb and every address's, in one statement however many addresses there are.
      const fromId = orderAddress.parse(order.shippingAddress).suburbID;
      const byId = await findSuburbsByIds(db, [fromId, ...doors.map((a) => a.suburbId)]);
      const zoneOfId = (id: number) => {
        const suburb = byId.get(id);
        return suburb ? zoneOf(suburb) : null;
      };
      const zone = zoneOfId(fromId);
      return {
        addressIDs: doors.filter((a) => zone !== null && zoneOfId(a.suburbId) === zone).map((a) => a.id),
      };
    },

    async changeAddress(customerId: number, body: OrderAddressBody): Promise<OrderDetail> {
      const order = await findOrder(db, customerId, body.orderID);
      if (!order) throw new AppError('NOT_FOUND', 'No such order.');
      const address = await findAddress(db, customerId, body.addressID);
      if (!address) throw new AppError('NOT_FOUND', 'No such address.');
      refuseUnlessDoor(address);
      // Shipping was charged for the zone of the original address; a move within that zone keeps the price right.
      const [from, to] = await Promise.all([
        findSuburbById(db, orderAddress.parse(order.shippingAddress).suburbID),
        findSuburbById(db, address.suburbId),
      ]);
      if (!from || !to || zoneOf(from) !== zoneOf(to)) throw new AppError('ORDER_ZONE_CHANGED');
      await db.transaction(async (tx) => {
        const updated = await updateOrderWhileIn(tx, order.id, OPEN_STATUSES, {
          shippingAddress: snapshotOf(address),
        });
        if (!updated) throw await closedNow(tx, 'ORDER_ADDRESS_LOCKED', customerId, order.id);
        await queueOrderMail(tx, { order: updated }, { kind: 'address-changed' }, mail, now());
      });
      return detail(customerId, order.id);
    },

    /** New delivery instructions for the driver, until the order ships (a change made as it ships is refused). */
    async changeDeliveryNotes(customerId: number, body: OrderDeliveryNotesBody): Promise<OrderDetail> {
      const order = await findOrder(db, customerId, body.orderID);
      if (!order) throw new AppError('NOT_FOUND', 'No such order.');
      const updated = await updateOrderWhileIn(db, order.id, OPEN_STATUSES, {
        deliveryNotes: body.deliveryNotes || null,
        leaveUnattended: body.leaveUnattended,
      });
      if (!updated) throw await closedNow(db, 'ORDER_NOTES_LOCKED', customerId, order.id);
      return detail(customerId, order.id);
    },

    /**
     * The lines' substitute choices, until the order ships. The order's row is written first (its status checked and
     * the row locked), so a change made as the order ships waits for that and is refused, as the notes are.
     */
    async changeSubstitutes(customerId: number, body: OrderSubstitutesBody): Promise<OrderDetail> {
      const order = await findOrder(db, customerId, body.orderID);
      if (!order) throw new AppError('NOT_FOUND', 'No such order.');
      await db.transaction(async (tx) => {
        if (!(await updateOrderWhileIn(tx, order.id, OPEN_STATUSES, {})))
          throw await closedNow(tx, 'ORDER_SUBSTITUTES_LOCKED', customerId, order.id);
        const lines = new Set(await setSubstitutes(tx, order.id, body.noSubstituteProductIDs));
        if (body.noSubstituteProductIDs.some((productId) => !lines.has(productId)))
          throw new AppError('NOT_FOUND', 'That product is not in this order.');
      });
      return detail(customerId, order.id);
    },

    /**
     * "Buy again": the past order's products go into the cart on top of what is there, capped at stock; what is
     * no longer sold or does not fit is left out, and the answer says which and why.
     */
    async reorder(customerId: number, body: OrderReorderBody): Promise<ReorderResult> {
      const outcomes = await db.transaction(async (tx) => {
        const order = await findOrder(tx, customerId, body.orderID);
        if (!order) throw new AppError('NOT_FOUND', 'No such order.');
        await lockCart(tx, customerId);
        const lines = await listOrderLines(tx, [order.id]);
        return mergeIntoCart(
          tx,
          customerId,
          // A product the customer wanted no substitute for comes back into the cart the same way.
          lines.map((l) => ({
            productId: l.productId,
            quantity: l.quantity,
            allowSubstitute: l.allowSubstitute !== false,
          })),
        );
      });
      return {
        added: outcomes.reduce((n, o) => n + o.added, 0),
        lines: outcomes.map(({ productId, ...o }) => ({ productID: productId, ...o })),
      };
    },

    /**
     * Moves an open order to another window of its zone before either window's cut-off. Only to one at the same
     * price: the order was charged for its window (as for a move of address, the way out is cancel and re-order).
     */
    async changeWindow(customerId: number, body: OrderDeliveryWindowBody): Promise<OrderDetail> {
      await db.transaction(async (tx) => {
        const order = await findOrder(tx, customerId, body.orderID, { lock: true });
        if (!order) throw new AppError('NOT_FOUND', 'No such order.');
        if (order.deliveryWindowId === null) throw new AppError('DELIVERY_WINDOW_UNAVAILABLE');
        const current = await findDeliveryWindow(tx, order.deliveryWindowId);
        if (!isOpen(order.status)) throw closedError('DELIVERY_WINDOW_LOCKED', order.status);
        if (!current || !isOpenForBooking(current, now())) throw new AppError('DELIVERY_WINDOW_LOCKED');
        if (body.windowID === current.id) return;
        const target = await findOfferedWindow(tx, body.windowID);
        if (!target || target.zone !== current.zone) throw new AppError('DELIVERY_WINDOW_UNAVAILABLE');
        if (target.priceDeltaCents !== current.priceDeltaCents)
          throw new AppError('DELIVERY_WINDOW_PRICE_DIFFERS');
        await lockWindows(tx, [current.id, target.id]);
        await bookWindow(tx, current.zone, target.id, now());
        await returnWindowPlace(tx, current.id);
        await updateOrderWhileIn(tx, order.id, OPEN_STATUSES, { deliveryWindowId: target.id });
      });
      return detail(customerId, body.orderID);
    },

    /**
     * Cancels an open order: its stock and coupon use go back; what was paid returns the way it came, through the
     * provider that took it (after the transaction, so no provider call holds a lock) and the rest as store credit.
     * An unpaid order's started payments are asked about first: one its provider took unheard pays it, and is refunded.
     */
    async cancel(customerId: number, body: OrderCancelBody): Promise<OrderDetail> {
      await deps.settleTakenPayments(customerId, body.orderID);
      const released = await db.transaction(async (tx) => {
        // The order row lock makes a parallel cancel wait here and then find the order already cancelled.
        const order = await findOrder(tx, customerId, body.orderID, { lock: true });
        if (!order) throw new AppError('NOT_FOUND', 'No such order.');
        const window =
          order.deliveryWindowId === null ? null : await findDeliveryWindow(tx, order.deliveryWindowId);
        const why = whyNotCancellable(order, window ?? null, now());
        const result = why === null ? await release(tx, order, CUSTOMER_CANCELLABLE, 'customer') : null;
        if (!result) throw closedError('ORDER_NOT_CANCELLABLE', order.status, why);
        return result;
      });
      stockChanged();
      await refundThroughProvider(released);
      return detail(customerId, body.orderID);
    },

    /**
     * A staff member's cancel: also while picking (the stock and the window's place go back, what was paid is
     * refunded as a customer's cancel refunds it). Recorded in the audit log with the reason.
     */
    async cancelByStaff(orderId: number, reason: string, actor: Actor): Promise<OrderRow> {
      const released = await db.transaction(async (tx) => {
        const order = await findOrderById(tx, orderId, { lock: true });
        if (!order) throw new AppError('NOT_FOUND', 'No such order.');
        const result = await release(tx, order, STAFF_CANCELLABLE, { staffId: actor.staffId });
        if (!result) throw closedError('ORDER_NOT_CANCELLABLE', order.status);
        await recordAudit(
          tx,
          actor,
          {
            action: 'order.cancelled',
            targetType: 'order',
            targetId: order.id,
            before: { status: order.status },
            after: { status: 'cancelled', reason },
          },
          now(),
        );
        return { ...result, customerId: order.customerId };
      });
      stockChanged();
      await refundThroughProvider(released);
      const order = await findOrderById(db, orderId);
      if (!order) throw new AppError('NOT_FOUND', 'No such order.');
      return order;
    },

    /** The store's own cancel of an order left unpaid; false when it was paid or cancelled meanwhile. */
    async cancelUnpaid(order: OrderRow): Promise<boolean> {
      const released = await db.transaction(async (tx) => {
        // Locked and read again: the customer may have moved its delivery window since it was listed.
        const locked = await findOrder(tx, order.customerId, order.id, { lock: true });
        return locked ? release(tx, locked, ['pending_payment'], 'store') : null;
      });
      if (released === null) return false;
      stockChanged();
      return true;
    },
  };

  /** Cancels the order while it is in `from` and gives back stock, coupon use and the store-credit part. */
  async function release(
    tx: Executor,
    order: OrderRow,
    from: readonly OrderStatus[],
    by: 'customer' | 'store' | { staffId: number },
  ) {
    const cancelled = await updateOrderWhileIn(tx, order.id, from, {
      status: 'cancelled',
      cancelledAt: now(),
    });
    if (!cancelled) return null;
    await recordStatusMove(
      tx,
      typeof by === 'string'
        ? { orderId: order.id, status: 'cancelled', at: now(), by }
        : { orderId: order.id, status: 'cancelled', at: now(), by: 'staff', staffId: by.staffId },
    );
    const lines = await listOrderLines(tx, [order.id]);
    await returnStock(tx, lines);
    if (order.deliveryWindowId !== null) await returnWindowPlace(tx, order.deliveryWindowId);
    const captured =
      order.status === 'pending_payment' ? undefined : await payments.capturedPayment(tx, order.id);
    // Nothing of a capture is refunded before the order is cancelled.
    const refund = refundOf(order, order.status !== 'pending_payment', captured);
    await recordOrderCredit(tx, {
      customerId: order.customerId,
      orderId: order.id,
      amountCents: refund.asCredit,
    });
    if (order.couponId !== null) await releaseCouponUse(tx, order.customerId, order.couponId);
    const paymentUndecided =
      order.status === 'pending_payment' && (await payments.startedAttempts(order.id, tx)).length > 0;
    await queueOrderMail(
      tx,
      { order: cancelled, lines },
      { kind: 'cancelled', refund, paymentUndecided, byStore: by === 'store' },
      mail,
      now(),
    );
    return { orderId: order.id, byProvider: refund.byProvider };
  }

  /** The order is cancelled whatever the provider says; a refund it cannot take now is owed and retried. */
  async function refundThroughProvider(released: { orderId: number; byProvider: number }): Promise<void> {
    if (released.byProvider === 0) return;
    await payments
      .refund(released.orderId, released.byProvider)
      .catch((err: unknown) => log.warn({ err, orderId: released.orderId }, 'refund left owed'));
  }
}

export type OrderService = ReturnType<typeof createOrderService>;
