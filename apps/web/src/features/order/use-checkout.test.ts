import { errorCatalogue } from '@storefront/contract/errors';
import { AxiosError } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { retrieveCredits } from '../wallet/api';
import type { Address } from '@storefront/contract/address';
import {
  describeCreditBalance,
  describeQuoteError,
  loadCreditBalance,
  orderBodyOf,
  pickCheckoutAddress,
  QUOTE_UNREAD_MESSAGE,
} from './use-checkout';

vi.mock('../wallet/api', () => ({ retrieveCredits: vi.fn() }));

/** What the HTTP client rejects with for an HTTP error: the response, carrying the envelope. */
function httpFailure(status: number, code: number) {
  return { status, data: { code, msg: 'refused', data: null } };
}

describe('loading the store credit for checkout', () => {
  it('answers the balance', async () => {
    vi.mocked(retrieveCredits).mockResolvedValue({
      balance: 1250,
      entries: { list: [], total: 0, page: 1, pageSize: 1 },
    });
    await expect(loadCreditBalance()).resolves.toBe(1250);
  });

  it('answers no credit when the store has none (not found)', async () => {
    vi.mocked(retrieveCredits).mockRejectedValue(httpFailure(404, errorCatalogue.NOT_FOUND.code));
    await expect(loadCreditBalance()).resolves.toBeNull();
  });

  it.each([
    ['a rate limit', httpFailure(429, errorCatalogue.RATE_LIMITED.code)],
    ['an outage', httpFailure(503, errorCatalogue.UNAVAILABLE.code)],
    ['a network failure', new AxiosError('Network Error', AxiosError.ERR_NETWORK)],
  ])('fails, rather than answering no credit, on %s', async (_case, failure) => {
    vi.mocked(retrieveCredits).mockRejectedValue(failure);
    await expect(loadCreditBalance()).rejects.toBe(failure);
  });
});

describe('the store credit the checkout shows', () => {
  const reload = () => undefined;

  it('is a balance once read', () => {
    expect(describeCreditBalance({ status: 'succeeded', data: 800, error: null, reload })).toEqual({
      status: 'loaded',
      balance: 800,
    });
  });

  it.each(['idle', 'loading', 'succeeded'] as const)('is none while %s without a balance', (status) => {
    expect(describeCreditBalance({ status, data: null, error: null, reload })).toEqual({ status: 'none' });
  });

  it('is a failure to retry when the read failed, even with a balance read before', () => {
    const error = 'Please check your network connection and try again.';
    expect(describeCreditBalance({ status: 'failed', data: 800, error, reload })).toEqual({
      status: 'failed',
      error,
      retry: reload,
    });
  });
});

describe('what placing the order sends', () => {
  const chosen = { addressID: 7, shippingService: 'standard' as const, useCredit: false };
  const shown = { total: 1_000, amountDue: 1_000 };

  it('the delivery instructions as written and the authority to leave, when given', () => {
    const body = orderBodyOf(
      { ...chosen, deliveryNotes: 'Gate code 4821\nBehind the pot plant', leaveUnattended: true },
      null,
      { total: 2_450, amountDue: 2_450 },
    );
    expect(body).toEqual({
      addressID: 7,
      shippingService: 'standard',
      useCredit: false,
      expectedTotal: 2_450,
      expectedAmountDue: 2_450,
      deliveryNotes: 'Gate code 4821\nBehind the pot plant',
      leaveUnattended: true,
    });
  });

  it('the instructions without the invisible characters pasted with them, which the server would refuse', () => {
    const pasted = '\u200bGate code\u2060 4821\ufeff';
    expect(orderBodyOf({ ...chosen, deliveryNotes: pasted }, null, shown).deliveryNotes).toBe(
      'Gate code 4821',
    );
    expect(orderBodyOf({ ...chosen, deliveryNotes: '\u200b \u200b' }, null, shown)).not.toHaveProperty(
      'deliveryNotes',
    );
  });

  it('no instructions when they are blank, and no authority to leave unless ticked', () => {
    const body = orderBodyOf({ ...chosen, deliveryNotes: ' \n ', leaveUnattended: false }, null, shown);
    expect(body).not.toHaveProperty('deliveryNotes');
    expect(body).not.toHaveProperty('leaveUnattended');
  });

  it('the total and what is left to pay after store credit, as the customer saw them', () => {
    const body = orderBodyOf({ ...chosen, useCredit: true }, 500, { total: 1_795, amountDue: 1_295 });
    expect(body).toMatchObject({ useCredit: true, expectedTotal: 1_795, expectedAmountDue: 1_295 });
  });

  it('spends store credit only when asked and there is some', () => {
    expect(orderBodyOf({ ...chosen, useCredit: true }, 500, shown).useCredit).toBe(true);
    expect(orderBodyOf({ ...chosen, useCredit: true }, 0, shown).useCredit).toBe(false);
    expect(orderBodyOf({ ...chosen, useCredit: false }, 500, shown).useCredit).toBe(false);
  });
});

describe('the address checkout opens with', () => {
  const book = [
    { addressID: 1, isDefaultShipping: false },
    { addressID: 2, isDefaultShipping: true },
    { addressID: 3, isDefaultShipping: false },
  ] as Address[];

  it('is the first wanted one still in the address book', () => {
    expect(pickCheckoutAddress(book, [null, 3, 1])).toBe(3);
    expect(pickCheckoutAddress(book, [1, 3, 2])).toBe(1);
  });

  it("is the cart's when the draft's was deleted since, not the default", () => {
    expect(pickCheckoutAddress(book, [0, 9, 3])).toBe(3);
  });

  it('is the default delivery address when none wanted is there, and none in an empty book', () => {
    expect(pickCheckoutAddress(book, [0, undefined, null])).toBe(2);
    expect(pickCheckoutAddress([], [1])).toBeUndefined();
  });
});

describe('why the checkout shows no delivery prices', () => {
  it('is that they could not be read when the connection failed, with what to do', () => {
    expect(describeQuoteError(new AxiosError('Network Error', 'ERR_NETWORK'))).toBe(
      "We couldn't load delivery prices. Check your connection and try again.",
    );
  });

  it("is the store's own refusal when it gave one", () => {
    const refusal = {
      code: errorCatalogue.NO_DESTINATION.code,
      msg: 'We do not deliver to that suburb yet.',
    };
    expect(describeQuoteError(refusal)).toBe('We do not deliver to that suburb yet.');
    expect(describeQuoteError(refusal)).not.toBe(QUOTE_UNREAD_MESSAGE);
  });
});
