import { describe, expect, it } from 'vitest';
import { captureKeyOf, describePaymentFailure, readFailureCode, readPaymentReturn } from './payment-return';

const read = (query: string) => readPaymentReturn(new URLSearchParams(query));

describe('readPaymentReturn', () => {
  it('reads what each provider sends back', () => {
    expect(read('orderID=7&provider=paypal&token=EC-1')).toEqual({
      kind: 'paypal',
      orderID: 7,
      token: 'EC-1',
    });
    expect(read('orderID=7&provider=afterpay&orderToken=ap-2&status=SUCCESS')).toEqual({
      kind: 'afterpay',
      orderID: 7,
      orderToken: 'ap-2',
    });
    expect(read('orderID=7&provider=demo&ref=d-3')).toEqual({ kind: 'demo', orderID: 7, ref: 'd-3' });
  });

  it('reads a cancel, from any provider', () => {
    expect(read('orderID=7&provider=demo&cancelled=1')).toEqual({
      kind: 'cancelled',
      orderID: 7,
      provider: 'demo',
    });
    expect(read('orderID=7&provider=afterpay&orderToken=ap-2&status=CANCELLED')).toEqual({
      kind: 'cancelled',
      orderID: 7,
      provider: 'afterpay',
    });
  });

  it('refuses a link without an order, a known provider or its credential', () => {
    expect(read('provider=demo&ref=d-3')).toEqual({ kind: 'invalid' });
    expect(read('orderID=abc&provider=demo&ref=d-3')).toEqual({ kind: 'invalid' });
    expect(read('orderID=0&provider=demo&ref=d-3')).toEqual({ kind: 'invalid' });
    expect(read('orderID=7&provider=stripe&ref=d-3')).toEqual({ kind: 'invalid' });
    expect(read('orderID=7&provider=paypal&ref=d-3')).toEqual({ kind: 'invalid' });
  });
});

describe('captureKeyOf', () => {
  it('is the same for the same return and differs between returns', () => {
    const ret = { kind: 'demo', orderID: 7, ref: 'd-3' } as const;
    expect(captureKeyOf(ret)).toBe(captureKeyOf({ ...ret }));
    expect(captureKeyOf(ret)).not.toBe(captureKeyOf({ ...ret, ref: 'd-4' }));
  });
});

describe('payment failures', () => {
  it('offers no retry when the payment may have gone through or nothing is due', () => {
    expect(describePaymentFailure(100903).canRetry).toBe(false);
    expect(describePaymentFailure(100908).canRetry).toBe(false);
    expect(describePaymentFailure(100901)).toEqual({ title: 'Your payment was declined', canRetry: true });
    expect(describePaymentFailure(null).canRetry).toBe(true);
  });

  it('reads the code of a failure envelope only', () => {
    expect(readFailureCode({ code: 100907, msg: 'expired', data: null })).toBe(100907);
    expect(readFailureCode({ status: 500 })).toBeNull();
    expect(readFailureCode('nope')).toBeNull();
  });
});
