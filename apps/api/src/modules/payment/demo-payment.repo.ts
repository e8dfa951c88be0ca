import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { demoPayments, demoRefunds } from '../../db/schema/index.js';
import type { DemoPayment, DemoPaymentStore, DemoRefund } from './demo-payment-store.js';

/** The demo provider's book on the database, so every API process and every restart sees the same payments. */
export function createDbDemoPaymentStore(db: Db): DemoPaymentStore {
  const toPayment = (row: typeof demoPayments.$inferSelect): DemoPayment => ({ ...row });
  return {
    async insert(payment) {
      await db.insert(demoPayments).values(payment);
    },
    async find(ref) {
      const [row] = await db.select().from(demoPayments).where(eq(demoPayments.ref, ref));
      return row && toPayment(row);
    },
    async findByCaptureId(captureId) {
      const [row] = await db.select().from(demoPayments).where(eq(demoPayments.captureId, captureId));
      return row && toPayment(row);
    },
    async transition(ref, from, to) {
      const [row] = await db
        .update(demoPayments)
        .set({ state: to.state, ...(to.captureId !== undefined ? { captureId: to.captureId } : {}) })
        .where(and(eq(demoPayments.ref, ref), eq(demoPayments.state, from)))
        .returning();
      return row && toPayment(row);
    },
    async addRefund(refund, limitCents): Promise<DemoRefund | undefined> {
      return db.transaction(async (tx) => {
        // The capture's payment row is the lock: refunds of one capture are decided one at a time.
        await tx.execute(
          sql`select 1 from ${demoPayments} where ${demoPayments.captureId} = ${refund.captureId} for update`,
        );
        const ofCapture = await tx
          .select()
          .from(demoRefunds)
          .where(eq(demoRefunds.captureId, refund.captureId));
        const replay = ofCapture.find((r) => r.idempotencyKey === refund.idempotencyKey);
        if (replay) return replay;
        const refunded = ofCapture.reduce((sum, r) => sum + r.amountCents, 0);
        if (refunded + refund.amountCents > limitCents) return undefined;
        await tx.insert(demoRefunds).values(refund);
        return refund;
      });
    },
    async refundedCents(captureId) {
      const [row] = await db
        .select({ cents: sql<number>`coalesce(sum(${demoRefunds.amountCents}), 0)::int` })
        .from(demoRefunds)
        .where(eq(demoRefunds.captureId, captureId));
      return Number(row?.cents ?? 0);
    },
  };
}
