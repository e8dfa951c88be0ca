import { formatMoney } from '../../../lib/money';

/** "You save $4.10 on specials", under a cart's totals; nothing when no special is being bought. */
export function SpecialsSavings({ amount, testId }: { amount: number; testId: string }) {
  if (amount <= 0) return null;
  return (
    <p className="cart-summary__savings" data-testid={testId}>
      You save {formatMoney(amount)} on specials
    </p>
  );
}
