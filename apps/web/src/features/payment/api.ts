import type {
  AfterpayCaptureBody,
  AfterpayTerms,
  DemoCaptureBody,
  DemoDecision,
  DemoDecisionBody,
  DemoPaymentView,
  PaymentCaptured,
  PaymentMethods,
  PaymentProvider,
  PaymentStartBody,
  PaymentStarted,
  PaypalCaptureBody,
} from '@storefront/contract/payment';
import type { BookedWindow } from '@storefront/contract/delivery';
import type { OrderDetail } from '@storefront/contract/order';
import { callApi } from '../../lib/http/client';

function withKey(idempotencyKey: string) {
  return { 'Idempotency-Key': idempotencyKey };
}

let afterpayTerms: Promise<AfterpayTerms | null> | null = null;

/** Afterpay's limits, asked once per visit (they rarely change); null when they could not be loaded. */
export function fetchAfterpayTerms(): Promise<AfterpayTerms | null> {
  afterpayTerms ??= callApi<AfterpayTerms>({ method: 'GET', url: '/api/v1/payment/afterpay-terms' }).catch(
    () => {
      afterpayTerms = null;
      return null;
    },
  );
  return afterpayTerms;
}

export function fetchPaymentMethods(orderID: number): Promise<PaymentMethods> {
  return callApi<PaymentMethods>({ method: 'GET', url: '/api/v1/payment/methods', params: { orderID } });
}

/**
 * An order as its page shows it. Its one home is here, not in the order feature, because the payment pages read it
 * too and the order feature may import this one, not the other way round; `order/api.ts` passes it on.
 */
export function fetchOrderDetail(orderID: number): Promise<OrderDetail> {
  return callApi<OrderDetail>({ method: 'GET', url: '/api/v1/order/detail', params: { orderID } });
}

/**
 * The provider still deciding a payment of the order (`order/detail`'s `paymentPendingWith`), asked once the order
 * takes no new payment, to say whether it is being cancelled.
 */
export async function fetchPaymentPendingWith(orderID: number): Promise<PaymentProvider | null> {
  return (await fetchOrderDetail(orderID)).paymentPendingWith;
}

/** The delivery window the order has booked (`order/detail`), said again once it is paid; null without one. */
export async function fetchBookedWindow(orderID: number): Promise<BookedWindow | null> {
  return (await fetchOrderDetail(orderID)).deliveryWindow;
}

export function startPayment(body: PaymentStartBody, idempotencyKey: string): Promise<PaymentStarted> {
  return callApi<PaymentStarted>({
    method: 'POST',
    url: '/api/v1/payment/start',
    data: body,
    headers: withKey(idempotencyKey),
  });
}

export function capturePaypal(body: PaypalCaptureBody, idempotencyKey: string): Promise<PaymentCaptured> {
  return callApi<PaymentCaptured>({
    method: 'POST',
    url: '/api/v1/paypal/express-capture',
    data: body,
    headers: withKey(idempotencyKey),
  });
}

export function captureAfterpay(body: AfterpayCaptureBody, idempotencyKey: string): Promise<PaymentCaptured> {
  return callApi<PaymentCaptured>({
    method: 'POST',
    url: '/api/v1/after-pay/capture',
    data: body,
    headers: withKey(idempotencyKey),
  });
}

export function captureDemoPayment(body: DemoCaptureBody, idempotencyKey: string): Promise<PaymentCaptured> {
  return callApi<PaymentCaptured>({
    method: 'POST',
    url: '/api/v1/payment/demo/capture',
    data: body,
    headers: withKey(idempotencyKey),
  });
}

export function fetchDemoPayment(ref: string): Promise<DemoPaymentView> {
  return callApi<DemoPaymentView>({ method: 'GET', url: '/api/v1/payment/demo', params: { ref } });
}

export function decideDemoPayment(body: DemoDecisionBody): Promise<DemoDecision> {
  return callApi<DemoDecision>({ method: 'POST', url: '/api/v1/payment/demo/decide', data: body });
}
