import type { ReactNode } from 'react';
import { deductionText } from '@storefront/contract/payment-rows';
import { formatMoney } from '../../../lib/money';
import type { ShownTotals } from '../price-cart';

type RowKey = 'subtotal' | 'discount' | 'shipping' | 'credit' | 'total' | 'gst';

type Props = {
  totals: ShownTotals;
  labels?: Partial<Record<RowKey, string>>;
  testIds?: Partial<Record<RowKey, string>>;
  /** The last row is what is left to pay once store credit is spent, rather than the order's total. */
  showsAmountDue?: boolean;
  /** Goes between the shipping and store-credit rows: the checkout's choice to spend credit. */
  children?: ReactNode;
};

function TotalsRow({ label, value, testId }: { label: string; value: string; testId: string | undefined }) {
  return (
    <div className="cart-summary__row">
      <span>{label}</span>
      <span data-testid={testId}>{value}</span>
    </div>
  );
}

function formatShipping(shipping: number | null): string {
  if (shipping === null) return '—';
  return shipping === 0 ? 'Free' : formatMoney(shipping);
}

/**
 * The money rows of the cart, the checkout and an order, drawn one way (plain markup, usable on any page). What is
 * taken off (discount, store credit) reads as the order's mails write it: "−$20.25".
 */
export function TotalsBreakdown({
  totals,
  labels = {},
  testIds = {},
  showsAmountDue = false,
  children,
}: Props) {
  const creditRow = totals.creditUsed > 0 && (
    <TotalsRow
      label={labels.credit ?? 'Store credit'}
      value={deductionText(totals.creditUsed, formatMoney)}
      testId={testIds.credit}
    />
  );
  return (
    <>
      <TotalsRow
        label={labels.subtotal ?? 'Subtotal'}
        value={formatMoney(totals.subtotal)}
        testId={testIds.subtotal}
      />
      {totals.discount > 0 && (
        <TotalsRow
          label={labels.discount ?? 'Discount'}
          value={deductionText(totals.discount, formatMoney)}
          testId={testIds.discount}
        />
      )}
      <TotalsRow
        label={labels.shipping ?? 'Shipping'}
        value={formatShipping(totals.shipping)}
        testId={testIds.shipping}
      />
      {children}
      {showsAmountDue && creditRow}
      <hr className="divider divider--tight" />
      <div className="cart-summary__row cart-summary__total">
        <strong>
          {totals.shipping === null
            ? // Not a total to pay until the delivery charge is known.
              'Total before delivery'
            : (labels.total ?? (showsAmountDue ? 'Total to pay' : 'Total'))}
        </strong>
        <strong data-testid={testIds.total}>
          {formatMoney(showsAmountDue ? totals.amountDue : totals.total)}
        </strong>
      </div>
      {totals.gst !== null && (
        <div className="cart-summary__row text-secondary">
          <span>{labels.gst ?? 'Includes GST'}</span>
          <span data-testid={testIds.gst}>{formatMoney(totals.gst)}</span>
        </div>
      )}
      {/* Beside the order's total, credit says how part of it was paid; above the total to pay, what it takes off. */}
      {!showsAmountDue && creditRow}
    </>
  );
}
