import { Button, Card, Result, Spin, Typography, type ResultProps } from 'antd';
import type { BookedWindow } from '@storefront/contract/delivery';
import type { PaymentCaptured } from '@storefront/contract/payment';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatMoney } from '../../../lib/money';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { windowDay, windowTimes, windowZone } from '../../delivery/window-format';
import { captureAfterpay, captureDemoPayment, capturePaypal, fetchBookedWindow } from '../api';
import {
  captureKeyOf,
  declinedByDemo,
  explainCaptureFailure,
  readPaymentReturn,
  type CapturableReturn,
  type NextStep,
  type PaymentFailure,
} from '../payment-return';
import { ButtonLink } from '../../../components/button-link';
import { orderReference } from '@storefront/contract/order-reference';

type Outcome =
  | { kind: 'capturing' }
  | { kind: 'paid'; captured: PaymentCaptured; booked: BookedWindow | null }
  | { kind: 'failed'; failure: PaymentFailure };

function capture(ret: CapturableReturn) {
  const key = captureKeyOf(ret);
  if (ret.kind === 'paypal') return capturePaypal({ orderID: ret.orderID, token: ret.token }, key);
  if (ret.kind === 'afterpay')
    return captureAfterpay({ orderID: ret.orderID, orderToken: ret.orderToken }, key);
  return captureDemoPayment({ orderID: ret.orderID, ref: ret.ref }, key);
}

const titles = {
  capturing: 'Confirming your payment',
  paid: 'Payment received',
};

/** Where PayPal, Afterpay and the demo provider send the customer back: captures the payment and says how it went. */
export function PaymentReturnPage() {
  const [query] = useSearchParams();
  const ret = useMemo(() => readPaymentReturn(query), [query]);
  const [captureOutcome, setOutcome] = useState<Outcome>({ kind: 'capturing' });
  // "Check again" repeats the same capture: captureKeyOf(ret) gives it the first attempt's Idempotency-Key.
  const [attempt, setAttempt] = useState(0);
  const outcome: Outcome =
    ret.kind === 'declined' ? { kind: 'failed', failure: declinedByDemo } : captureOutcome;

  useEffect(() => {
    if (ret.kind === 'invalid' || ret.kind === 'cancelled' || ret.kind === 'declined') return;
    let isCurrent = true;
    setOutcome({ kind: 'capturing' });
    capture(ret)
      .then(async (captured) => {
        // Asked before the payment is said, so the live region says both at once; the payment stands without it.
        const booked = await fetchBookedWindow(captured.orderID).catch(() => null);
        if (isCurrent) setOutcome({ kind: 'paid', captured, booked });
      })
      .catch((err: unknown) => {
        if (isCurrent) setOutcome({ kind: 'failed', failure: explainCaptureFailure(err) });
      });
    return () => {
      isCurrent = false;
    };
  }, [ret, attempt]);

  const pageTitle =
    ret.kind === 'invalid'
      ? 'Payment link not valid'
      : ret.kind === 'cancelled'
        ? 'Payment cancelled'
        : outcome.kind === 'failed'
          ? outcome.failure.title
          : titles[outcome.kind];
  useDocumentTitle(pageTitle);

  const heading = (
    <Typography.Title level={1} style={{ fontSize: '1.5rem', margin: 0 }} data-testid="payment-return-title">
      {ret.kind === 'cancelled' ? 'You cancelled the payment' : pageTitle}
    </Typography.Title>
  );

  // The outcome is said in a live region; what to do next sits below it, so a screen reader does not read the
  // buttons out with it.
  let result: ResultProps;
  let actions: ReactNode = null;
  if (ret.kind === 'invalid') {
    result = {
      status: 'warning',
      subTitle: 'This page is reached from a payment provider; the link is incomplete.',
    };
    actions = <Link to="/account/orders">Go to your orders</Link>;
  } else if (ret.kind === 'cancelled') {
    result = {
      status: 'info',
      subTitle: `Order ${orderReference(ret.orderID)} is still waiting for payment. Nothing was charged.`,
    };
    actions = <NextActions orderID={ret.orderID} next="pay-again" />;
  } else if (outcome.kind === 'capturing') {
    result = {
      icon: <Spin size="large" />,
      subTitle: 'Please keep this page open for a moment.',
    };
  } else if (outcome.kind === 'paid') {
    result = {
      status: 'success',
      subTitle: (
        <>
          <span data-testid="payment-return-summary">
            {formatMoney(outcome.captured.amountCents)} paid for order{' '}
            {/* "Thank" ending one line and "you!" alone on the next read badly on a phone. */}
            {orderReference(outcome.captured.orderID)}. Thank{'\u00a0'}you!
          </span>
          {outcome.booked && <BookedWindowLine booked={outcome.booked} />}
        </>
      ),
    };
    actions = (
      <>
        <ButtonLink
          to={`/account/orders/${outcome.captured.orderID}`}
          type="primary"
          data-testid="payment-return-order"
        >
          View your order
        </ButtonLink>
        <ButtonLink to="/shop" data-testid="payment-return-shop">
          Continue shopping
        </ButtonLink>
      </>
    );
  } else {
    result = {
      status: outcome.failure.next === 'pay-again' ? 'error' : 'warning',
      subTitle: <span data-testid="payment-return-failure">{outcome.failure.message}</span>,
    };
    actions = (
      <NextActions
        orderID={ret.orderID}
        next={outcome.failure.next}
        onCheckAgain={() => setAttempt((n) => n + 1)}
      />
    );
  }

  return (
    <div
      className="page"
      data-testid="payment-return-page"
      data-outcome={ret.kind === 'cancelled' ? 'cancelled' : outcome.kind}
    >
      <Card style={{ maxWidth: 640, margin: '0 auto' }}>
        {/* The outcome comes after the page has opened ("Confirming your payment"): a screen reader says it then. */}
        <div role="status" aria-atomic="true" data-testid="payment-return-outcome">
          <Result {...result} title={heading} />
        </div>
        {actions && <div className="payment-return__actions">{actions}</div>}
      </Card>
    </div>
  );
}

/** The booked window, worded as the order page words it; on a phone it breaks after the day, not inside the times. */
function BookedWindowLine({ booked }: { booked: BookedWindow }) {
  return (
    <span className="payment-return__window" data-testid="payment-return-window">
      Delivery:{' '}
      <Typography.Text strong>
        {windowDay(booked.startsAt)},{' '}
        <span className="payment-return__times">
          {windowTimes(booked.startsAt, booked.endsAt)}
          {booked.label ? ` (${booked.label})` : ''}
        </span>
      </Typography.Text>{' '}
      {windowZone(booked.startsAt)}
    </span>
  );
}

type NextActionsProps = { orderID: number; next: NextStep; onCheckAgain?: () => void };

function NextActions({ orderID, next, onCheckAgain }: NextActionsProps) {
  return (
    <>
      {next === 'pay-again' && (
        <ButtonLink to={`/checkout/pay/${orderID}`} type="primary" data-testid="payment-return-retry">
          Try again
        </ButtonLink>
      )}
      {next === 'check-again' && (
        <Button type="primary" onClick={onCheckAgain} data-testid="payment-return-check">
          Check again
        </Button>
      )}
      <ButtonLink to={`/account/orders/${orderID}`} data-testid="payment-return-order">
        View order {orderReference(orderID)}
      </ButtonLink>
    </>
  );
}
