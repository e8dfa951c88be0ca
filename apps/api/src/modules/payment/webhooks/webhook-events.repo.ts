import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { paymentWebhookEvents } from '../../../db/schema/index.js';
import type { PaymentProviderName } from '../payment-provider.js';

export type WebhookEventKey = { provider: PaymentProviderName; eventId: string };

/**
 * Claims a provider's event for this delivery: true the first time, false when it was already handled, by this
 * process or any other sharing the database.
 */
export async function claimWebhookEvent(
  exec: Executor,
  event: WebhookEventKey & { eventType: string },
  now: Date,
): Promise<boolean> {
  const rows = await exec
    .insert(paymentWebhookEvents)
    .values({ ...event, receivedAt: now })
    .onConflictDoNothing()
    .returning({ eventId: paymentWebhookEvents.eventId });
  return rows.length > 0;
}

/** Gives a claimed event up when acting on it failed, so the provider's next delivery of it is acted on. */
export async function releaseWebhookEvent(exec: Executor, event: WebhookEventKey): Promise<void> {
  await exec
    .delete(paymentWebhookEvents)
    .where(
      and(eq(paymentWebhookEvents.provider, event.provider), eq(paymentWebhookEvents.eventId, event.eventId)),
    );
}
