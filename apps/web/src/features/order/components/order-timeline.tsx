import { Alert, Steps } from 'antd';
import type { OrderDetail } from '@storefront/contract/order';
import { refundNote } from '@storefront/contract/refund';
import { formatMoney } from '../../../lib/money';
import { useMediaQuery } from '../../../lib/use-media-query';
import { formatOrderDate, orderStatusLabels } from '../order-status';

const timeline = ['pending_payment', 'paid', 'processing', 'shipped', 'delivered'] as const;

/**
 * Narrower than this, the steps go down the page. In em, so a larger text size in the browser turns them too: side by
 * side at twice the size, in the account's column of a desktop, five steps broke their words a letter a line.
 */
const STEPS_DOWN = '(max-width: 47.99em)';

export function OrderTimeline({ order }: { order: OrderDetail }) {
  const isNarrow = useMediaQuery(STEPS_DOWN);
  if (order.status === 'cancelled') {
    return (
      <Alert
        type="info"
        showIcon
        title="This order was cancelled"
        description={cancelledNote(order)}
        data-testid="order-cancelled-note"
      />
    );
  }
  const current = timeline.indexOf(order.status);
  return (
    <Steps
      size="small"
      orientation={isNarrow ? 'vertical' : 'horizontal'}
      current={current}
      // A delivered order has nothing left to wait for: its last step is done, not in progress.
      status={order.status === 'delivered' ? 'finish' : 'process'}
      items={timeline.map((s) => ({ title: orderStatusLabels[s] }))}
      data-testid="order-timeline"
    />
  );
}

/** When and why it was cancelled, and what went back, as its cancellation mail says. */
function cancelledNote({ cancelledAt, cancellation }: OrderDetail): string | undefined {
  const said = [
    cancelledAt ? `Cancelled ${formatOrderDate(cancelledAt)}.` : null,
    cancellation?.notPaidBy
      ? `It was not paid by ${formatOrderDate(cancellation.notPaidBy)}, so its items went back on the shelf.`
      : null,
    cancellation ? (refundNote(cancellation.refund, formatMoney) ?? 'Nothing was paid for it.') : null,
  ].filter((s) => s !== null);
  return said.length > 0 ? said.join(' ') : undefined;
}
