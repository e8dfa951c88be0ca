import {
  orderAddress,
  orderStatuses,
  type OrderAddress,
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
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthContext } from '../account/session.service.js';
import { findAddress, lockCustomer, type AddressRow } from '../address/address.repo.js';
import {
  findCartCoupon,
  deleteCartLines,
  listCartLines,
  lockCart,
  setCartCoupon,
} from '../cart/cart.repo.js';
import { couponProblem, discountOf, unavailableReasonOf } from '../cart/cart.service.js';
import { listRatesForZone } from '../shipping/shipping.repo.js';
import { shippingOptions, zoneOf } from '../shipping/shipping.service.js';
import type { ProductRow } from '../catalog/catalog.repo.js';
import { findSuburbById } from '../suburb/suburb.repo.js';
import {
  appendCredit,
  claimCouponUse,
  claimCustomerCouponUse,
  countOrdersByStatus,
  creditBalance,
  findCouponCode,
  findDefaultBillingAddress,
  findOrder,
  insertOrder,
  listOrderLines,
  listOrders,
  lockOrder,
  lockProducts,
  moveOrderStatus,
  releaseCouponUse,
  returnStock,
  setOrderShippingAddress,
  takeStock,
  type OrderLineRow,
  type OrderRow,
} from './order.repo.js';

/** The customer may cancel, or change where it goes, until the order ships. */
export const OPEN_STATUSES = ['pending_payment', 'paid', 'processing'] as const satisfies OrderStatus[];
const PREVIEW_LINES = 3;

function isOpen(status: OrderStatus): boolean {
  return (OPEN_STATUSES as readonly OrderStatus[]).includes(status);
}

export function snapshotOf(row: AddressRow): OrderAddress {
  return orderAddress.parse({
    addressID: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    line1: row.line1,
    line2: row.line2,
    suburbID: row.suburbId,
    suburb: row.suburb,
    state: row.state,
    postcode: row.postcode,
    country: 'AU',
  });
}

function totalsOf(order: OrderRow): OrderTotals {
  return {
    subtotal: order.subtotalCents,
    discount: order.discountCents,
    shipping: order.shippingCents,
    creditUsed: order.creditUsedCents,
    total: order.totalCents,
    amountDue: order.totalCents - order.creditUsedCents,
  };
}

function unavailable(product: ProductRow, quantity: number): AppError {
  if (!product.isActive)
    return new AppError('PRODUCT_UNAVAILABLE', `${product.name} is no longer available.`);
  if (product.stock <= 0) return new AppError('NOT_ENOUGH_STOCK', `${product.name} is out of stock.`);
  return new AppError(
    'NOT_ENOUGH_STOCK',
    `Only ${product.stock} of ${product.name} in stock, not ${quantity}.`,
  );
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

export function createOrderService(db: Db, now: () => Date) {
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
    /**
     * Checkout: turns the selected available cart lines into an order, all in one transaction. There is no
     * payment provider: an order wholly paid with store credit is `paid`, anything else `pending_payment`.
     */
    async create(auth: AuthContext, body: OrderCreateBody): Promise<OrderDetail> {
      const customerId = auth.customerId;
      const orderId = await db.transaction(async (tx) => {
        // The cart lock serialises this customer's checkouts with each other and with cart edits.
        await lockCart(tx, customerId);
        const delivery = await findAddress(tx, customerId, body.addressID);
        if (!delivery) throw new AppError('NOT_FOUND', 'No such delivery address.');
        let billing: AddressRow | undefined = delivery;
        if (body.billingAddressID !== undefined) {
          billing = await findAddress(tx, customerId, body.billingAddressID);
          if (!billing) throw new AppError('NOT_FOUND', 'No such billing address.');
        } else {
          billing = (await findDefaultBillingAddress(tx, customerId)) ?? delivery;
        }

        const selected = (await listCartLines(tx, customerId)).filter((r) => r.line.selected);
        if (selected.length === 0) throw new AppError('CART_EMPTY');
        const chosen = selected.filter((r) => unavailableReasonOf(r.product, r.line.quantity) === null);
        const [first] = selected;
        if (chosen.length === 0 && first) throw unavailable(first.product, first.line.quantity);
        const locked = new Map(
          (
            await lockProducts(
              tx,
              chosen.map((r) => r.product.id).sort((a, b) => a - b),
            )
          ).map((p) => [p.id, p]),
        );
        let subtotal = 0;
        let weightGrams = 0;
        const lines: Omit<OrderLineRow, 'orderId'>[] = [];
        for (const { line } of chosen) {
          const product = locked.get(line.productId);
          if (!product) throw new AppError('PRODUCT_UNAVAILABLE');
          if (unavailableReasonOf(product, line.quantity)) throw unavailable(product, line.quantity);
          subtotal += product.priceCents * line.quantity;
          weightGrams += product.weightGrams * line.quantity;
          lines.push({
            productId: product.id,
            sku: product.sku,
            name: product.name,
            imageUrl: product.imageUrl,
            unitPriceCents: product.priceCents,
            quantity: line.quantity,
          });
        }

        const cartCoupon = await findCartCoupon(tx, customerId);
        const coupon = cartCoupon?.coupon;
        let discount = 0;
        if (coupon) {
          const customerUses = cartCoupon.customerUses;
          const problem = couponProblem(coupon, { subtotal, customerUses, now: now() });
          if (problem) throw new AppError(problem);
          // Conditional increments: two parallel checkouts cannot both take the last use of a coupon.
          if (!(await claimCouponUse(tx, coupon.id))) throw new AppError('COUPON_USED_UP');
          if (!(await claimCustomerCouponUse(tx, customerId, coupon.id, coupon.perCustomerLimit)))
            throw new AppError('COUPON_USED_UP');
          discount = discountOf(coupon, subtotal);
        }

        const suburb = await findSuburbById(tx, delivery.suburbId);
        if (!suburb) throw new AppError('NO_DESTINATION');
        const option = shippingOptions(await listRatesForZone(tx, zoneOf(suburb)), {
          weightGrams,
          subtotal,
          hasFreeShippingCoupon: coupon?.kind === 'free_shipping',
        }).find((o) => o.service === body.shippingService);
        if (!option) throw new AppError('NO_DESTINATION', 'We do not deliver to that suburb yet.');

        const total = subtotal - discount + option.price;
        if (body.expectedTotal !== undefined && body.expectedTotal !== total)
          throw new AppError(
            'ORDER_TOTAL_CHANGED',
            `The order total is now ${(total / 100).toFixed(2)} AUD. Please check it and place the order again.`,
          );

        let creditUsed = 0;
        if (body.useCredit) {
          // The customer row lock serialises spending of this customer's credit, so the balance never goes below 0.
          await lockCustomer(tx, customerId);
          creditUsed = Math.min(await creditBalance(tx, customerId), total);
        }

        for (const l of lines) {
          if (!(await takeStock(tx, l.productId, l.quantity)))
            throw new AppError('NOT_ENOUGH_STOCK', `${l.name} is out of stock.`);
        }
        const isPaid = creditUsed === total;
        const placedAt = now();
        const order = await insertOrder(
          tx,
          {
            customerId,
            status: isPaid ? 'paid' : 'pending_payment',
            subtotalCents: subtotal,
            discountCents: discount,
            shippingCents: option.price,
            creditUsedCents: creditUsed,
            totalCents: total,
            couponId: coupon?.id ?? null,
            shippingService: body.shippingService,
            shippingAddress: snapshotOf(delivery),
            billingAddress: snapshotOf(billing),
            paidAt: isPaid ? placedAt : null,
          },
          lines,
        );
        if (creditUsed > 0)
          await appendCredit(tx, {
            customerId,
            amountCents: -creditUsed,
            reason: 'order_payment',
            orderId: order.id,
          });
        await deleteCartLines(
          tx,
          customerId,
          lines.map((l) => l.productId),
        );
        if (coupon) await setCartCoupon(tx, customerId, null);
        return order.id;
      });
      return detail(customerId, orderId);
    },

    async list(auth: AuthContext, query: OrderListParams): Promise<OrderList> {
      const { rows, total } = await listOrders(
        db,
        auth.customerId,
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

    async stat(auth: AuthContext): Promise<OrderStat> {
      const counts = Object.fromEntries(orderStatuses.map((s) => [s, 0])) as OrderStat['counts'];
      let total = 0;
      for (const { status, n } of await countOrdersByStatus(db, auth.customerId)) {
        counts[status] = n;
        total += n;
      }
      return { counts, total };
    },

    detail: (auth: AuthContext, orderId: number) => detail(auth.customerId, orderId),

    async changeAddress(auth: AuthContext, body: OrderAddressBody): Promise<OrderDetail> {
      const order = await findOrder(db, auth.customerId, body.orderID);
      if (!order) throw new AppError('NOT_FOUND', 'No such order.');
      const address = await findAddress(db, auth.customerId, body.addressID);
      if (!address) throw new AppError('NOT_FOUND', 'No such address.');
      // Shipping was charged for the zone of the original address; a move within that zone keeps the price right.
      const [from, to] = await Promise.all([
        findSuburbById(db, orderAddress.parse(order.shippingAddress).suburbID),
        findSuburbById(db, address.suburbId),
      ]);
      if (!from || !to || zoneOf(from) !== zoneOf(to)) throw new AppError('ORDER_ZONE_CHANGED');
      const updated = await setOrderShippingAddress(db, order.id, OPEN_STATUSES, snapshotOf(address));
      if (!updated) throw new AppError('ORDER_ADDRESS_LOCKED');
      return detail(auth.customerId, order.id);
    },

    async cancel(auth: AuthContext, body: OrderCancelBody): Promise<OrderDetail> {
      const customerId = auth.customerId;
      await db.transaction(async (tx) => {
        // The order row lock makes a parallel cancel wait here and then find the order already cancelled.
        const order = await lockOrder(tx, customerId, body.orderID);
        if (!order) throw new AppError('NOT_FOUND', 'No such order.');
        const cancelled = await moveOrderStatus(tx, order.id, OPEN_STATUSES, 'cancelled', {
          cancelledAt: now(),
        });
        if (!cancelled) throw new AppError('ORDER_NOT_CANCELLABLE');
        const lines = await listOrderLines(tx, [order.id]);
        for (const l of [...lines].sort((a, b) => a.productId - b.productId))
          await returnStock(tx, l.productId, l.quantity);
        const refund = order.status === 'pending_payment' ? order.creditUsedCents : order.totalCents;
        if (refund > 0)
          await appendCredit(tx, {
            customerId,
            amountCents: refund,
            reason: 'order_refund',
            orderId: order.id,
          });
        if (order.couponId !== null) await releaseCouponUse(tx, customerId, order.couponId);
      });
      return detail(customerId, body.orderID);
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
