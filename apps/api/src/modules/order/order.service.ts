import {
  orderAddress,
  orderStatuses,
  type OrderAddressBody,
  type OrderCancelBody,
  type OrderCreateBody,
  type OrderDetail,
  type OrderList,
  type OrderListParams,
  type OrderStat,
  type OrderStatus,
  type OrderSummary,
  type OrderTotals,
} from '@storefront/contract/order';
import type { Db, Executor } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { findAddress } from '../address/address.repo.js';
import { snapshotOf } from '../address/address.service.js';
import { returnStock } from '../catalog/catalog.repo.js';
import { findCouponCode, releaseCouponUse } from '../coupon/coupon.repo.js';
import { hashRequest } from '../idempotency/idempotency.repo.js';
import type { PaymentService } from '../payment/payment.service.js';
import { withCredit } from '../pricing/price-cart.js';
import { zoneOf } from '../shipping/shipping.rules.js';
import { findSuburbById } from '../suburb/suburb.repo.js';
import { recordOrderCredit } from '../wallet/wallet.service.js';
import { createCheckout } from './checkout.js';
import {
  countOrdersByStatus,
  findOrder,
  listOrderLines,
  listOrders,
  updateOrderWhileIn,
  type OrderLineRow,
  type OrderRow,
} from './order.repo.js';

/** The customer may cancel, or change where it goes, until the order ships. */
export const OPEN_STATUSES = ['pending_payment', 'paid', 'processing'] as const satisfies OrderStatus[];
const PREVIEW_LINES = 3;

function isOpen(status: OrderStatus): boolean {
  return (OPEN_STATUSES as readonly OrderStatus[]).includes(status);
}

/** What the order came to, and what is left to pay after store credit (the pricing module's arithmetic). */
export function totalsOf(order: OrderRow): OrderTotals {
  const {
    subtotalCents: subtotal,
    discountCents: discount,
    shippingCents: shipping,
    totalCents: total,
  } = order;
  return withCredit({ subtotal, discount, shipping, total }, order.creditUsedCents);
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

export function createOrderService(db: Db, now: () => Date, payments?: PaymentService) {
  const checkout = createCheckout(db, now);

  async function detail(customerId: number, orderId: number): Promise<OrderDetail> {
    const order = await findOrder(db, customerId, orderId);
    if (!order) throw new AppError('NOT_FOUND', 'No such order.');
    const [lines, couponCode] = await Promise.all([
      listOrderLines(db, [order.id]),
      order.couponId === null ? null : findCouponCode(db, order.couponId),
    ]);
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
      canCancel: isOpen(order.status),
      canChangeAddress: isOpen(order.status),
    };
  }

  return {
    /** Checkout (see checkout.ts); answers the order placed. */
    async create(customerId: number, body: OrderCreateBody, idempotencyKey?: string): Promise<OrderDetail> {
      const key = idempotencyKey
        ? {
            scope: { customerId, route: 'order/create', key: idempotencyKey },
            requestHash: hashRequest(body),
          }
        : undefined;
      return detail(customerId, await checkout(customerId, body, key));
    },

    async list(customerId: number, query: OrderListParams): Promise<OrderList> {
      const { rows, total } = await listOrders(
        db,
        customerId,
        { statuses: query.status, from: query.from, to: query.to },
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

    async changeAddress(customerId: number, body: OrderAddressBody): Promise<OrderDetail> {
      const order = await findOrder(db, customerId, body.orderID);
      if (!order) throw new AppError('NOT_FOUND', 'No such order.');
      const address = await findAddress(db, customerId, body.addressID);
      if (!address) throw new AppError('NOT_FOUND', 'No such address.');
      // Shipping was charged for the zone of the original address; a move within that zone keeps the price right.
      const [from, to] = await Promise.all([
        findSuburbById(db, orderAddress.parse(order.shippingAddress).suburbID),
        findSuburbById(db, address.suburbId),
      ]);
      if (!from || !to || zoneOf(from) !== zoneOf(to)) throw new AppError('ORDER_ZONE_CHANGED');
      const updated = await updateOrderWhileIn(db, order.id, OPEN_STATUSES, {
        shippingAddress: snapshotOf(address),
      });
      if (!updated) throw new AppError('ORDER_ADDRESS_LOCKED');
      return detail(customerId, order.id);
    },

    /**
     * Cancels an open order: its stock and coupon use go back; what was paid returns the way it came, through the
     * provider that took it (after the transaction, so no provider call holds a lock) and the rest as store credit.
     */
    async cancel(customerId: number, body: OrderCancelBody): Promise<OrderDetail> {
      const released = await db.transaction(async (tx) => {
        // The order row lock makes a parallel cancel wait here and then find the order already cancelled.
        const order = await findOrder(tx, customerId, body.orderID, { lock: true });
        if (!order) throw new AppError('NOT_FOUND', 'No such order.');
        const result = await release(tx, order, OPEN_STATUSES);
        if (!result) throw new AppError('ORDER_NOT_CANCELLABLE');
        return result;
      });
      await refundThroughProvider(released);
      return detail(customerId, body.orderID);
    },

    /** The store's own cancel of an order left unpaid; false when it was paid or cancelled meanwhile. */
    async cancelUnpaid(order: OrderRow): Promise<boolean> {
      const released = await db.transaction(async (tx) => {
        const locked = await findOrder(tx, order.customerId, order.id, { lock: true });
        return locked ? release(tx, locked, ['pending_payment']) : null;
      });
      return released !== null;
    },
  };

  /** Cancels the order while it is in `from` and gives back stock, coupon use and the store-credit part. */
  async function release(tx: Executor, order: OrderRow, from: readonly OrderStatus[]) {
    const cancelled = await updateOrderWhileIn(tx, order.id, from, {
      status: 'cancelled',
      cancelledAt: now(),
    });
    if (!cancelled) return null;
    const lines = await listOrderLines(tx, [order.id]);
    for (const l of [...lines].sort((a, b) => a.productId - b.productId))
      await returnStock(tx, l.productId, l.quantity);
    const { amountDue } = totalsOf(order);
    const captured =
      order.status === 'pending_payment' ? undefined : await payments?.capturedPayment(tx, order.id);
    const byProvider = captured ? Math.min(amountDue, captured.amountCents - captured.refundedCents) : 0;
    // Unpaid: only the credit spent comes back. Paid: everything, less what the provider gives back.
    const asCredit =
      order.status === 'pending_payment' ? order.creditUsedCents : order.totalCents - byProvider;
    await recordOrderCredit(tx, { customerId: order.customerId, orderId: order.id, amountCents: asCredit });
    if (order.couponId !== null) await releaseCouponUse(tx, order.customerId, order.couponId);
    return { orderId: order.id, byProvider };
  }

  async function refundThroughProvider(released: { orderId: number; byProvider: number }): Promise<void> {
    if (!payments || released.byProvider === 0) return;
    await payments.refund(released.orderId, released.byProvider, 'cancel');
  }
}

export type OrderService = ReturnType<typeof createOrderService>;
