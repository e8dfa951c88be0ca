import { errorCatalogue } from '@storefront/contract/errors';
import { AxiosError } from 'axios';
import { describe, expect, it } from 'vitest';
import { captureKeyOf, explainCaptureFailure, readPaymentReturn } from './payment-return';

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

describe('explainCaptureFailure', () => {
  const { PAYMENT_DECLINED, PAYMENT_UNAVAILABLE, PAYMENT_UNCONFIRMED, ORDER_NOT_PAYABLE, NOT_FOUND } =
    errorCatalogue;
  const envelope = (entry: { code: number; msg: string }) => ({
    code: entry.code,
    msg: entry.msg,
    data: null,
  });

  it.each([
    ['no answer at all', new AxiosError('Network Error', AxiosError.ERR_NETWORK)],
    ['a timeout', new AxiosError('timeout of 45000ms exceeded', AxiosError.ECONNABORTED)],
    ['a 503', { status: 503, data: { code: 100503, msg: 'unavailable', data: null } }],
    ['a 500 without an envelope', { status: 500, data: '<html>' }],
    ['a 429', { status: 429, data: { code: 100029, msg: 'too many', data: null } }],
    ['PAYMENT_UNCONFIRMED', envelope(PAYMENT_UNCONFIRMED)],
    ['PAYMENT_UNAVAILABLE', envelope(PAYMENT_UNAVAILABLE)],
    ['a rejection that is no answer of the server', new TypeError('failed to read')],
  ])('after %s asks to check the same capture again and not to pay again', (_case, reason) => {
    expect(explainCaptureFailure(reason)).toEqual({
      title: 'We could not confirm your payment yet',
      next: 'check-again',
      message:
        "Please don't pay again: if the payment went through, your order shows it within a few minutes.",
    });
  });

  it('offers to pay again after a definite refusal, with the server’s words', () => {
    expect(explainCaptureFailure(envelope(PAYMENT_DECLINED))).toEqual({
      title: 'Your payment was declined',
      next: 'pay-again',
      message: PAYMENT_DECLINED.msg,
    });
    expect(explainCaptureFailure(envelope(errorCatalogue.PAYMENT_REFUSED))).toEqual({
      title: 'The payment was refused',
      next: 'pay-again',
      message: errorCatalogue.PAYMENT_REFUSED.msg,
    });
    expect(explainCaptureFailure(envelope(NOT_FOUND)).next).toBe('pay-again');
    expect(explainCaptureFailure({ status: 400, data: { code: 100001, msg: 'bad', data: null } }).next).toBe(
      'pay-again',
    );
  });

  it('offers neither when the order has nothing left to pay', () => {
    expect(explainCaptureFailure(envelope(ORDER_NOT_PAYABLE))).toMatchObject({
      title: 'This order has nothing left to pay',
      next: 'none',
    });
  });
});
