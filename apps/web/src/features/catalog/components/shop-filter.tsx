import { useState, type ReactNode } from 'react';

type Props = {
  /** The disclosure's name: "Free from", "Brand". */
  label: string;
  /** What its boxes are, for a screen reader. */
  legend: string;
  /** How many of its boxes are ticked, shown beside its name. */
  tickedCount: number;
  testId: string;
  children: ReactNode;
};

/**
 * A filter of several boxes folded into a disclosure beside the shop's other filters. Open while the address has its
 * boxes ticked, so they show; then as the shopper leaves it.
 */
export function ShopFilter({ label, legend, tickedCount, testId, children }: Props) {
  const [isOpen, setOpen] = useState(tickedCount > 0);
  return (
    <details
      className="shop-filter"
      open={isOpen}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      data-testid={testId}
    >
      <summary>
        {label}
        {tickedCount > 0 && <span className="shop-filter__count"> ({tickedCount})</span>}
      </summary>
      <fieldset>
        <legend className="visually-hidden">{legend}</legend>
        {children}
      </fieldset>
    </details>
  );
}
