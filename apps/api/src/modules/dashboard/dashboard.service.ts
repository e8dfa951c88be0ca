import type { Dashboard } from '@storefront/contract/staff';
import type { Db } from '../../db/client.js';
import { dayAfter, localDate, localInstant } from '../delivery/delivery.rules.js';
import {
  awaitingPayment,
  courierOrdersToSend,
  failingMails,
  ordersByWindow,
  providerFaultsSince,
  refundsOwed,
} from './dashboard.repo.js';

const DAY_MS = 24 * 3_600_000;

/** Today's and tomorrow's orders by window (courier orders still to send under today), and what needs a person. */
export async function readDashboard(db: Db, now: Date): Promise<Dashboard> {
  const today = localDate(now);
  const tomorrow = dayAfter(today);
  const [windows, courier, unpaid, refunds, mails, faults] = await Promise.all([
    ordersByWindow(db, localInstant(today, '00:00'), localInstant(dayAfter(tomorrow), '00:00')),
    courierOrdersToSend(db),
    awaitingPayment(db),
    refundsOwed(db),
    failingMails(db, now),
    providerFaultsSince(db, new Date(now.getTime() - DAY_MS)),
  ]);
  const days = [today, tomorrow].map((date) => ({
    date,
    windows: windows
      .filter((w) => w.startsAt !== null && localDate(w.startsAt) === date)
      .map((w) => ({
        windowID: w.windowId,
        startsAt: w.startsAt?.toISOString() ?? null,
        endsAt: w.endsAt?.toISOString() ?? null,
        label: w.label,
        orders: w.orders,
        totalCents: w.totalCents,
      })),
  }));
  if (courier.orders > 0) {
    days[0]?.windows.push({ windowID: null, startsAt: null, endsAt: null, label: 'Courier', ...courier });
  }
  return {
    days,
    awaitingPayment: unpaid,
    refundsOwed: refunds.owed,
    refundsUnsettled: refunds.unsettled,
    mailsFailing: mails,
    paymentProviderFaults: faults,
  };
}
