import { Gauge, type Registry } from 'prom-client';
import { orderStatuses } from '@storefront/contract/order';
import type { Db } from '../../db/client.js';
import { refundsOwed } from '../dashboard/dashboard.repo.js';
import { countsByStatus, type FigureRow } from './shop-figures.repo.js';

/** Every status a figure can have, so each series is there (at 0) before its first row is. */
const LABELS: Record<FigureRow['figure'], readonly string[]> = {
  orders: orderStatuses,
  payments: ['started', 'captured', 'surplus', 'declined', 'abandoned'],
  mails: ['pending', 'sent', 'failed'],
  sessions_revoked: ['customer', 'staff'],
};

/**
 * The shop's own figures as gauges with the `storefront_` prefix, read from the database by `update()` before
 * each scrape. Gauges, not counters: sessions and sent mails are pruned after a while (maintenance.ts).
 */
export function createShopFigures(db: Db, registry: Registry) {
  const registers = [registry];
  const gauges: Record<FigureRow['figure'], Gauge<string>> = {
    orders: new Gauge({
      name: 'storefront_orders',
      help: 'Orders by status.',
      labelNames: ['status'],
      registers,
    }),
    payments: new Gauge({
      name: 'storefront_payments',
      help: 'Payment attempts by status (captured, declined by the provider, abandoned, ...).',
      labelNames: ['status'],
      registers,
    }),
    mails: new Gauge({
      name: 'storefront_mails',
      help: 'Outbox mails by status (sent mails are kept 30 days).',
      labelNames: ['status'],
      registers,
    }),
    sessions_revoked: new Gauge({
      name: 'storefront_sessions_revoked',
      help: 'Signed-out or revoked sessions still kept (a week after they ended), by kind.',
      labelNames: ['kind'],
      registers,
    }),
  };
  const refunds = new Gauge({
    name: 'storefront_refunds_owed',
    help: 'Payments with money owed back: owed (the refund round retries them) or unsettled (a person must).',
    labelNames: ['state'],
    registers,
  });
  const refundCents = new Gauge({
    name: 'storefront_refunds_owed_cents',
    help: 'Money owed back, in cents: owed or unsettled.',
    labelNames: ['state'],
    registers,
  });
  const labelOf = (figure: FigureRow['figure']) => (figure === 'sessions_revoked' ? 'kind' : 'status');

  return {
    async update(): Promise<void> {
      const [rows, owed] = await Promise.all([countsByStatus(db), refundsOwed(db)]);
      for (const [figure, labels] of Object.entries(LABELS) as [FigureRow['figure'], readonly string[]][]) {
        for (const label of labels) gauges[figure].set({ [labelOf(figure)]: label }, 0);
      }
      for (const row of rows) gauges[row.figure].set({ [labelOf(row.figure)]: row.label }, Number(row.n));
      for (const state of ['owed', 'unsettled'] as const) {
        refunds.set({ state }, owed[state].count);
        refundCents.set({ state }, owed[state].totalCents);
      }
    },
  };
}
