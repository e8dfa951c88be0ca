import { gstIncluded } from '@storefront/contract/gst';
import type { OrderStatus } from '@storefront/contract/order';
import type {
  DispatchBody,
  PackBody,
  PickList,
  PickListQuery,
  StaffOrderDetail,
  StaffOrderList,
  StaffOrderListParams,
  StaffRefundBody,
} from '@storefront/contract/fulfilment';
import { errorCatalogue } from '@storefront/contract/errors';
import { fullName } from '@storefront/contract/person-name';
import { orderReference } from '@storefront/contract/order-reference';
import { desc, eq, inArray } from 'drizzle-orm';
import { violatedConstraint, type Db, type Executor } from '../../db/client.js';
import { customers, outboxMails, payments as paymentsTable, staff } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { WarnLog } from '../../lib/warn-log.js';
import { recordAudit, type Actor } from '../audit/audit.service.js';
import { findProductById, STOCK_NON_NEGATIVE, takeStock } from '../catalog/catalog.repo.js';
import { dayAfter, localInstant } from '../delivery/delivery.rules.js';
import { queueOrderMail, type OrderEvent, type OrderMailSettings } from '../order/order-mails.js';
import {
  findOrderById,
  insertOrderRefund,
  listOrderLines,
  listOrderRefunds,
  listStatusMoves,
  recordPackedLines,
  recordStatusMove,
  setTrackingReference,
  updateOrderWhileIn,
  type OrderLineRow,
  type OrderRow,
} from '../order/order.repo.js';
import type { OrderService } from '../order/order.service.js';
import type { PaymentService } from '../payment/payment.service.js';
import { recordOrderCredit } from '../wallet/wallet.service.js';
import { listStaffOrders, pickItems, pickOrders } from './fulfilment.repo.js';

/** Past packing: a repeated pack (or a pack racing another) answers the order as it is, and refunds nothing. */
const PACKED_OR_LATER: readonly OrderStatus[] = ['packed', 'out_for_delivery', 'shipped', 'delivered'];
const STATUS_WORDS: Record<OrderStatus, string> = {
  pending_payment: 'awaiting payment',
  paid: 'paid and not yet being picked',
  picking: 'being picked',
  packed: 'packed',
  out_for_delivery: 'out for delivery',
  shipped: 'shipped',
  delivered: 'delivered',
  cancelled: 'cancelled',
};

function refused(order: OrderRow, step: string): AppError {
  return new AppError(
    'ORDER_MOVE_REFUSED',
    `${errorCatalogue.ORDER_MOVE_REFUSED.msg} It is ${STATUS_WORDS[order.status]}; ${step}.`,
  );
}

/** What a packed line is charged: its units at the lower of the ordered and the substitute's price. */
function deliveredValue(line: OrderLineRow, packed: number, substitutePrice: number | null): number {
  return (
    packed * (substitutePrice === null ? line.unitPriceCents : Math.min(line.unitPriceCents, substitutePrice))
  );
}

export type FulfilmentDeps = {
  now: () => Date;
  orders: OrderService;
  payments: PaymentService;
  mail: OrderMailSettings;
  log: WarnLog;
};

export function createFulfilmentService(db: Db, deps: FulfilmentDeps) {
  const { now, payments } = deps;

  /** What the provider took and has yet to give back by the order's refunds, and what credit paid and is still out. */
  async function refundRoom(tx: Executor, order: OrderRow) {
    const [captured, refunds] = await Promise.all([
      payments.capturedPayment(tx, order.id),
      listOrderRefunds(tx, order.id),
    ]);
    const byProvider = refunds.reduce((n, r) => n + r.providerCents, 0);
    const asCredit = refunds.reduce((n, r) => n + r.creditCents, 0);
    return {
      provider: Math.max(0, (captured?.amountCents ?? 0) - byProvider),
      credit: Math.max(0, order.creditUsedCents - asCredit),
      refunded: byProvider + asCredit,
    };
  }

  /** A refund split the way the money came: back through the provider first, then to store credit. */
  function split(amount: number, room: { provider: number; credit: number }) {
    const byProvider = Math.min(amount, room.provider);
    const asCredit = Math.min(amount - byProvider, room.credit);
    return { byProvider, asCredit };
  }

  /** After the transaction, so no provider call holds a lock; one it cannot take now the refund round finishes. */
  async function refundThroughProvider(orderId: number, amount: number): Promise<void> {
    if (amount <= 0) return;
    await payments
      .refund(orderId, amount)
      .catch((err: unknown) => deps.log.warn({ err, orderId }, 'refund left owed'));
  }

  /**
   * One step of the order's life: from the statuses given to `to`, race-safe (the order row is locked, and the
   * update is conditional), recorded with who made it, audited and mailed. The same step asked again when the order
   * has already taken it answers the order as it is: 20 at once make one move.
   */
  async function move(
    orderId: number,
    step: { from: readonly OrderStatus[]; to: OrderStatus | ((o: OrderRow) => OrderStatus); refusal: string },
    actor: Actor,
    extra: {
      check?: (order: OrderRow) => void;
      write?: (tx: Executor, order: OrderRow) => Promise<void>;
      mail?: (order: OrderRow) => OrderEvent | null;
    } = {},
  ): Promise<StaffOrderDetail> {
    await db.transaction(async (tx) => {
      const order = await findOrderById(tx, orderId, { lock: true });
      if (!order) throw new AppError('NOT_FOUND', 'No such order.');
      const to = typeof step.to === 'function' ? step.to(order) : step.to;
      if (order.status === to) return;
      if (!step.from.includes(order.status)) throw refused(order, step.refusal);
      extra.check?.(order);
      const moved = await updateOrderWhileIn(tx, order.id, [order.status], { status: to });
      if (!moved) throw refused(order, step.refusal);
      await extra.write?.(tx, moved);
      await recordStatusMove(tx, {
        orderId: order.id,
        status: to,
        at: now(),
        by: 'staff',
        staffId: actor.staffId,
      });
      await recordAudit(
        tx,
        actor,
        {
          action: `order.${to}`,
          targetType: 'order',
          targetId: order.id,
          before: { status: order.status },
          after: { status: to },
        },
        now(),
      );
      const event = extra.mail?.(moved);
      if (event) await queueOrderMail(tx, { order: moved }, event, deps.mail, now());
    });
    return detail(orderId);
  }

  async function detail(orderId: number): Promise<StaffOrderDetail> {
    const order = await findOrderById(db, orderId);
    if (!order) throw new AppError('NOT_FOUND', 'No such order.');
    const [shown, [customer], paid, moves, room] = await Promise.all([
      deps.orders.detail(order.customerId, order.id),
      db.select().from(customers).where(eq(customers.id, order.customerId)),
      db.select().from(paymentsTable).where(eq(paymentsTable.orderId, order.id)).orderBy(paymentsTable.id),
      listStatusMoves(db, order.id),
      refundRoom(db, order),
    ]);
    const staffIds = [...new Set(moves.flatMap((m) => (m.staffId === null ? [] : [m.staffId])))];
    const names = new Map(
      staffIds.length === 0
        ? []
        : (
            await db.select({ id: staff.id, name: staff.name }).from(staff).where(inArray(staff.id, staffIds))
          ).map((s) => [s.id, s.name] as const),
    );
    const mailRows = customer
      ? await db
          .select({
            subject: outboxMails.subject,
            status: outboxMails.status,
            lastError: outboxMails.lastError,
            at: outboxMails.createdAt,
          })
          .from(outboxMails)
          .where(eq(outboxMails.toAddress, customer.email))
          .orderBy(desc(outboxMails.id))
          .limit(200)
      : [];
    // Its reference as a whole word: SO-1 is not in a subject about SO-12.
    const aboutThis = new RegExp(`\\b${orderReference(order.id)}\\b`);
    return {
      order: shown,
      customer: {
        customerID: order.customerId,
        email: customer?.email ?? '',
        name: customer ? fullName(customer) : '',
        phone: customer?.phone ?? null,
      },
      payments: paid.map((p) => ({
        provider: p.provider,
        status: p.status,
        amount: p.amountCents,
        refunded: p.refundedCents,
        unsettled: p.refundUnsettledAt !== null,
      })),
      mails: mailRows
        .filter((m) => aboutThis.test(m.subject))
        .map((m) => ({
          subject: m.subject,
          // Not sent on purpose (the order was paid before its "awaits payment" mail left): not a failure.
          status: m.status === 'failed' && m.lastError?.startsWith('withdrawn:') ? 'withdrawn' : m.status,
          at: m.at.toISOString(),
        })),
      moves: moves.map((m) => ({
        status: m.status,
        at: m.at.toISOString(),
        by: m.by,
        staffName: m.staffId === null ? null : (names.get(m.staffId) ?? null),
      })),
      refundable:
        order.paidAt === null || order.status === 'cancelled' ? 0 : order.totalCents - room.refunded,
    };
  }

  return {
    detail,

    async list(query: StaffOrderListParams): Promise<StaffOrderList> {
      const q = query.q?.trim();
      const asId = q ? /^(SO-)?(\d{1,9})$/i.exec(q)?.[2] : undefined;
      const { rows, total } = await listStaffOrders(
        db,
        {
          statuses: query.status,
          windowFrom: query.date ? localInstant(query.date, '00:00') : undefined,
          windowTo: query.date ? localInstant(dayAfter(query.date), '00:00') : undefined,
          windowId: query.windowID,
          orderId: asId === undefined ? undefined : Number(asId),
          text: q && asId === undefined ? q : undefined,
        },
        { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
      );
      return {
        list: rows.map((r) => ({
          orderID: r.id,
          status: r.status,
          createdAt: new Date(r.created_at).toISOString(),
          customer: {
            customerID: r.customer_id,
            email: r.email,
            name: fullName({ firstName: r.first_name, lastName: r.last_name }),
          },
          total: r.total_cents,
          lineCount: r.line_count,
          window:
            r.window_id === null || r.starts_at === null || r.ends_at === null
              ? null
              : {
                  windowID: r.window_id,
                  startsAt: new Date(r.starts_at).toISOString(),
                  endsAt: new Date(r.ends_at).toISOString(),
                },
          suburb: r.suburb ?? '',
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async pickList(query: PickListQuery): Promise<PickList> {
      const range = {
        from: localInstant(query.date, '00:00'),
        to: localInstant(dayAfter(query.date), '00:00'),
      };
      const [items, orders] = await Promise.all([
        pickItems(db, range, query.windowID),
        pickOrders(db, range, query.windowID),
      ]);
      return {
        date: query.date,
        windowID: query.windowID ?? null,
        items: items.map((i) => ({
          productID: i.product_id,
          sku: i.sku,
          name: i.name,
          aisle: i.aisle,
          quantity: i.quantity,
          orders: i.orders,
        })),
        orders: orders.map((o) => ({
          orderID: o.id,
          status: o.status,
          customerName: fullName({ firstName: o.first_name, lastName: o.last_name }),
          suburb: o.suburb ?? '',
          window: {
            windowID: Number(o.window_id),
            startsAt: new Date(o.starts_at).toISOString(),
            endsAt: new Date(o.ends_at).toISOString(),
          },
          lineCount: o.line_count,
        })),
      };
    },

    startPicking: (orderId: number, actor: Actor) =>
      move(orderId, { from: ['paid'], to: 'picking', refusal: 'only a paid order is picked' }, actor),

    /**
     * Packs the order: what was not packed (short picks, cheaper substitutes) is refunded at once, once: the pack is
     * one transaction on the locked order, its refund a row of its own (one per order), and the provider's part
     * goes after the commit (a process killed before it leaves it to the refund round, which finds it owed).
     */
    async pack(orderId: number, body: PackBody, actor: Actor): Promise<StaffOrderDetail> {
      const outcome = await db.transaction(async (tx) => {
        const order = await findOrderById(tx, orderId, { lock: true });
        if (!order) throw new AppError('NOT_FOUND', 'No such order.');
        if (PACKED_OR_LATER.includes(order.status)) return null;
        if (order.status !== 'picking') throw refused(order, 'start picking it first');
        const lines = await listOrderLines(tx, [order.id]);
        const byProduct = new Map(lines.map((l) => [l.productId, l]));
        const packed: Parameters<typeof recordPackedLines>[2] = [];
        const substitutesTaken: { productId: number; quantity: number }[] = [];
        for (const asked of body.lines) {
          const line = byProduct.get(asked.lineID);
          if (!line) throw new AppError('NOT_FOUND', 'That product is not in this order.');
          if (asked.packedQuantity > line.quantity)
            throw new AppError(
              'ORDER_MOVE_REFUSED',
              `At most ${line.quantity} of ${line.name} can be packed: that is what was ordered.`,
            );
          let substitute: (typeof packed)[number]['substitute'] = null;
          if (asked.substituteProductID !== undefined && asked.substituteProductID !== line.productId) {
            if (line.allowSubstitute === false) throw new AppError('SUBSTITUTE_NOT_ALLOWED');
            const product = await findProductById(tx, asked.substituteProductID);
            if (!product || !product.isActive) throw new AppError('PRODUCT_UNAVAILABLE');
            if (product.stock < asked.packedQuantity)
              throw new AppError('NOT_ENOUGH_STOCK', 'There is not enough of that substitute in stock.');
            substitute = {
              productId: product.id,
              name: product.name,
              priceCents: Math.min(product.priceCents, line.unitPriceCents),
            };
            if (asked.packedQuantity > 0)
              substitutesTaken.push({ productId: product.id, quantity: asked.packedQuantity });
          }
          packed.push({ productId: line.productId, packedQuantity: asked.packedQuantity, substitute });
        }
        const packedOf = new Map(packed.map((p) => [p.productId, p]));
        const delivered = lines.map((l) => {
          const p = packedOf.get(l.productId);
          const value = p
            ? deliveredValue(l, p.packedQuantity, p.substitute?.priceCents ?? null)
            : l.unitPriceCents * l.quantity;
          return { line: l, value };
        });
        const goods = delivered.reduce((n, d) => n + d.value, 0);
        const shortfall = order.subtotalCents - goods;
        // What the customer paid for the goods not sent: their value less their share of the discount.
        const room = await refundRoom(tx, order);
        const owed =
          order.subtotalCents === 0
            ? 0
            : Math.floor((shortfall * (order.subtotalCents - order.discountCents)) / order.subtotalCents);
        const { byProvider, asCredit } = split(Math.min(owed, order.totalCents - room.refunded), room);
        if (substitutesTaken.length > 0)
          await takeStock(tx, substitutesTaken).catch((err: unknown) => {
            // Another order took the substitute's last units meanwhile: the database refused it, nothing is written.
            if (violatedConstraint(err) === STOCK_NON_NEGATIVE)
              throw new AppError('NOT_ENOUGH_STOCK', 'There is not enough of that substitute in stock.');
            throw err;
          });
        await recordPackedLines(tx, order.id, packed);
        if (byProvider + asCredit > 0) {
          await insertOrderRefund(tx, {
            orderId: order.id,
            kind: 'packing',
            providerCents: byProvider,
            creditCents: asCredit,
            reason: 'Not packed: short or substituted for less',
            lineProductId: null,
            staffId: actor.staffId,
            createdAt: now(),
          });
          await recordOrderCredit(tx, {
            customerId: order.customerId,
            orderId: order.id,
            amountCents: asCredit,
          });
        }
        const moved = await updateOrderWhileIn(tx, order.id, ['picking'], { status: 'packed' });
        if (!moved) throw refused(order, 'start picking it first');
        await recordStatusMove(tx, {
          orderId: order.id,
          status: 'packed',
          at: now(),
          by: 'staff',
          staffId: actor.staffId,
        });
        await recordAudit(
          tx,
          actor,
          {
            action: 'order.packed',
            targetType: 'order',
            targetId: order.id,
            before: { status: order.status },
            after: {
              status: 'packed',
              lines: packed.map((p) => ({
                lineID: p.productId,
                packedQuantity: p.packedQuantity,
                substituteProductID: p.substitute?.productId ?? null,
              })),
              refunded: byProvider + asCredit,
            },
          },
          now(),
        );
        const deliveredGst =
          order.gstCents === null
            ? null
            : gstIncluded({
                lines: delivered.map((d) => ({ lineTotal: d.value, gstFree: d.line.gstFree === true })),
                discount:
                  order.subtotalCents === 0
                    ? 0
                    : Math.floor((order.discountCents * goods) / order.subtotalCents),
                shipping: order.shippingCents,
              });
        await queueOrderMail(
          tx,
          { order: moved },
          { kind: 'packed', refundCents: byProvider + asCredit, byProvider, asCredit, deliveredGst },
          deps.mail,
          now(),
        );
        return { byProvider };
      });
      if (outcome) await refundThroughProvider(orderId, outcome.byProvider);
      return detail(orderId);
    },

    dispatch: (orderId: number, body: DispatchBody, actor: Actor) =>
      move(
        orderId,
        {
          from: ['packed'],
          to: (o) => (o.deliveryWindowId === null ? 'shipped' : 'out_for_delivery'),
          refusal: 'only a packed order goes out',
        },
        actor,
        {
          check: (o) => {
            if (o.deliveryWindowId === null && !body.trackingReference)
              throw new AppError('TRACKING_REQUIRED');
          },
          write: async (tx, o) => {
            if (o.deliveryWindowId === null && body.trackingReference)
              await setTrackingReference(tx, o.id, body.trackingReference);
          },
          mail: (o) =>
            o.status === 'shipped'
              ? { kind: 'shipped', trackingReference: body.trackingReference ?? '' }
              : { kind: 'out-for-delivery' },
        },
      ),

    deliver: (orderId: number, actor: Actor) =>
      move(
        orderId,
        {
          from: ['out_for_delivery', 'shipped'],
          to: 'delivered',
          refusal: 'only an order on its way is delivered',
        },
        actor,
        { mail: () => ({ kind: 'delivered' }) },
      ),

    async cancel(orderId: number, reason: string, actor: Actor): Promise<StaffOrderDetail> {
      await deps.orders.cancelByStaff(orderId, reason, actor);
      return detail(orderId);
    },

    /** A refund after packing (damaged goods, a complaint): never more than is left, the customer mailed. */
    async refund(orderId: number, body: StaffRefundBody, actor: Actor): Promise<StaffOrderDetail> {
      const outcome = await db.transaction(async (tx) => {
        const order = await findOrderById(tx, orderId, { lock: true });
        if (!order) throw new AppError('NOT_FOUND', 'No such order.');
        if (!PACKED_OR_LATER.includes(order.status))
          throw refused(order, 'refunds before packing happen by packing short or cancelling');
        if (body.lineID !== undefined) {
          const lines = await listOrderLines(tx, [order.id]);
          if (!lines.some((l) => l.productId === body.lineID))
            throw new AppError('NOT_FOUND', 'That product is not in this order.');
        }
        const room = await refundRoom(tx, order);
        const left = order.totalCents - room.refunded;
        if (body.amountCents > left)
          throw new AppError(
            'REFUND_TOO_MUCH',
            `${errorCatalogue.REFUND_TOO_MUCH.msg} At most ${left} cents are left.`,
          );
        const { byProvider, asCredit } = split(body.amountCents, room);
        await insertOrderRefund(tx, {
          orderId: order.id,
          kind: 'staff',
          providerCents: byProvider,
          creditCents: asCredit,
          reason: body.reason,
          lineProductId: body.lineID ?? null,
          staffId: actor.staffId,
          createdAt: now(),
        });
        await recordOrderCredit(tx, {
          customerId: order.customerId,
          orderId: order.id,
          amountCents: asCredit,
        });
        await recordAudit(
          tx,
          actor,
          {
            action: 'order.refunded',
            targetType: 'order',
            targetId: order.id,
            before: { refunded: room.refunded },
            after: {
              refunded: room.refunded + body.amountCents,
              amountCents: body.amountCents,
              reason: body.reason,
              lineID: body.lineID ?? null,
            },
          },
          now(),
        );
        await queueOrderMail(
          tx,
          { order },
          { kind: 'refunded', amountCents: body.amountCents, byProvider, asCredit, reason: body.reason },
          deps.mail,
          now(),
        );
        return { byProvider };
      });
      await refundThroughProvider(orderId, outcome.byProvider);
      return detail(orderId);
    },
  };
}

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;
