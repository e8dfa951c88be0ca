import { CHECKOUT_DRAFT_KEY, readEmail } from '../../lib/http/session';
import type { CheckoutForm } from './use-checkout';

/** What the customer chose or typed at checkout that the page would otherwise forget on a reload. */
export type CheckoutDraft = Partial<
  Pick<CheckoutForm, 'addressID' | 'deliveryWindowID' | 'deliveryNotes' | 'leaveUnattended'>
>;

type Kept = { customer: string; draft: CheckoutDraft };

/** The draft kept in this tab for the customer signed in now; nothing for another customer's. */
export function readCheckoutDraft(): CheckoutDraft {
  const customer = readEmail();
  const raw = sessionStorage.getItem(CHECKOUT_DRAFT_KEY);
  if (!customer || !raw) return {};
  try {
    const kept = JSON.parse(raw) as Partial<Kept>;
    return kept.customer === customer && kept.draft ? pickDraft(kept.draft) : {};
  } catch {
    return {};
  }
}

export function saveCheckoutDraft(values: CheckoutDraft): void {
  const customer = readEmail();
  if (!customer) return;
  const kept: Kept = { customer, draft: pickDraft(values) };
  sessionStorage.setItem(CHECKOUT_DRAFT_KEY, JSON.stringify(kept));
}

export function clearCheckoutDraft(): void {
  sessionStorage.removeItem(CHECKOUT_DRAFT_KEY);
}

/** Only the draft's own fields, each of its type: the stored text may be anything. */
function pickDraft(value: CheckoutDraft): CheckoutDraft {
  const draft: CheckoutDraft = {};
  if (Number.isInteger(value.addressID)) draft.addressID = value.addressID;
  if (Number.isInteger(value.deliveryWindowID)) draft.deliveryWindowID = value.deliveryWindowID;
  if (typeof value.deliveryNotes === 'string') draft.deliveryNotes = value.deliveryNotes;
  if (typeof value.leaveUnattended === 'boolean') draft.leaveUnattended = value.leaveUnattended;
  return draft;
}
