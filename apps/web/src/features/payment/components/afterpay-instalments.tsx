import { afterpayInstalments } from '@storefront/contract/afterpay';
import type { AfterpayTerms } from '@storefront/contract/payment';
import { useEffect, useState } from 'react';
import { formatMoney } from '../../../lib/money';
import { fetchAfterpayTerms } from '../api';

type Props = { amountCents: number };

export type AfterpaySplit = ReturnType<typeof afterpayInstalments>;

/** Afterpay's instalments for an amount, or null when Afterpay does not take it. */
export function afterpayInstalment(terms: AfterpayTerms | null, amountCents: number): AfterpaySplit | null {
  if (!terms?.available || terms.minimumCents === null || terms.maximumCents === null) return null;
  if (amountCents < terms.minimumCents || amountCents > terms.maximumCents) return null;
  return afterpayInstalments(amountCents);
}

/**
 * "4 payments of $25.00", or, when four equal ones cannot make the amount to the cent, "4 payments: $25.03, then 3 of
 * $25.00": never four of a figure rounded up, which would add up to more than the amount.
 */
export function describeAfterpayPayments({ firstCents, laterCents }: AfterpaySplit): string {
  return firstCents === laterCents
    ? `4 payments of ${formatMoney(laterCents)}`
    : `4 payments: ${formatMoney(firstCents)}, then 3 of ${formatMoney(laterCents)}`;
}

/** "or 4 interest-free payments of $X with Afterpay", shown only for amounts Afterpay takes. */
export function AfterpayInstalments({ amountCents }: Props) {
  const [terms, setTerms] = useState<AfterpayTerms | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void fetchAfterpayTerms().then((loaded) => {
      if (isCurrent) setTerms(loaded);
    });
    return () => {
      isCurrent = false;
    };
  }, []);
  const split = afterpayInstalment(terms, amountCents);
  if (split === null || !terms) return null;
  return (
    <p className="afterpay-instalments" data-testid="afterpay-instalments">
      {split.firstCents === split.laterCents ? (
        <>
          or {terms.instalments} interest-free payments of <strong>{formatMoney(split.laterCents)}</strong>{' '}
          with Afterpay
        </>
      ) : (
        <>
          or {terms.instalments} interest-free payments with Afterpay:{' '}
          <strong>{formatMoney(split.firstCents)}</strong>, then {terms.instalments - 1} of{' '}
          <strong>{formatMoney(split.laterCents)}</strong>
        </>
      )}
    </p>
  );
}
