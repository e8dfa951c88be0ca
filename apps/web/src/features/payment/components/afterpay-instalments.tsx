import type { AfterpayTerms } from '@storefront/contract/payment';
import { useEffect, useState } from 'react';
import { formatMoney } from '../../../lib/money';
import { fetchAfterpayTerms } from '../api';

type Props = { amountCents: number };

/** Afterpay's instalment for an amount, or null when Afterpay does not take it. */
export function afterpayInstalment(terms: AfterpayTerms | null, amountCents: number): number | null {
  if (!terms?.available || terms.minimumCents === null || terms.maximumCents === null) return null;
  if (amountCents < terms.minimumCents || amountCents > terms.maximumCents) return null;
  return Math.ceil(amountCents / terms.instalments);
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
  const instalment = afterpayInstalment(terms, amountCents);
  if (instalment === null || !terms) return null;
  return (
    <p className="afterpay-instalments" data-testid="afterpay-instalments">
      or {terms.instalments} interest-free payments of <strong>{formatMoney(instalment)}</strong> with
      Afterpay
    </p>
  );
}
