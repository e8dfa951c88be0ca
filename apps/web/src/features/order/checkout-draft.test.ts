import { describe, expect, it } from 'vitest';
import { CHECKOUT_DRAFT_KEY, clearSession, saveEmail } from '../../lib/http/session';
import { clearCheckoutDraft, readCheckoutDraft, saveCheckoutDraft } from './checkout-draft';

describe('the checkout draft', () => {
  it('gives back what the signed-in customer chose and typed', () => {
    saveEmail('ann@example.com');
    saveCheckoutDraft({
      addressID: 3,
      deliveryWindowID: 41,
      deliveryNotes: 'Gate 12',
      leaveUnattended: true,
    });
    expect(readCheckoutDraft()).toEqual({
      addressID: 3,
      deliveryWindowID: 41,
      deliveryNotes: 'Gate 12',
      leaveUnattended: true,
    });
    clearCheckoutDraft();
    expect(readCheckoutDraft()).toEqual({});
  });

  it("never gives another customer's draft, and a sign-out forgets it", () => {
    saveEmail('ann@example.com');
    saveCheckoutDraft({ deliveryNotes: 'Gate 12' });
    saveEmail('bob@example.com');
    expect(readCheckoutDraft()).toEqual({});
    saveCheckoutDraft({ deliveryNotes: 'Back door' });
    clearSession();
    saveEmail('bob@example.com');
    expect(readCheckoutDraft()).toEqual({});
  });

  it('keeps only fields of the right kind from whatever is stored', () => {
    saveEmail('ann@example.com');
    sessionStorage.setItem(
      CHECKOUT_DRAFT_KEY,
      JSON.stringify({
        customer: 'ann@example.com',
        draft: { addressID: 'x', deliveryNotes: 'Gate', extra: 1 },
      }),
    );
    expect(readCheckoutDraft()).toEqual({ deliveryNotes: 'Gate' });
    sessionStorage.setItem(CHECKOUT_DRAFT_KEY, '{not json');
    expect(readCheckoutDraft()).toEqual({});
  });
});
