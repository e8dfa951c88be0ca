import { Typography } from 'antd';
import type { OrderLine } from '@storefront/contract/order';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/money';
import '../order.css';

type ListedLine = Pick<OrderLine, 'productID' | 'name' | 'imageUrl' | 'quantity' | 'price' | 'lineTotal'> &
  Partial<Pick<OrderLine, 'gstFree' | 'allowSubstitute' | 'packedQuantity' | 'substitute'>>;

/** Once packed, what went other than ordered: fewer of it, or something else in its place. */
function packedNote({ quantity, packedQuantity, substitute }: ListedLine): string | null {
  if (packedQuantity === null || packedQuantity === undefined) return null;
  if (substitute)
    return packedQuantity === 0
      ? 'None sent'
      : `Sent instead: ${substitute.name} × ${packedQuantity} at ${formatMoney(substitute.price)}`;
  if (packedQuantity < quantity)
    return packedQuantity === 0 ? 'None sent: out of stock' : `${packedQuantity} of ${quantity} sent`;
  return null;
}

type Props = {
  lines: ListedLine[];
  /** Each line's data-testid. */
  testId: string;
  linksToProduct?: boolean;
};

/** The lines of an order, or of the order being placed. */
export function OrderLineList({ lines, testId, linksToProduct = false }: Props) {
  return lines.map((line) => (
    <div className="order-line" key={line.productID} data-testid={testId}>
      <img src={line.imageUrl} alt="" className="order-line__image" />
      <div className="order-line__name">
        {linksToProduct ? (
          <Link to={`/product/${line.productID}`} className="order-line__product">
            {line.name}
          </Link>
        ) : (
          <div>{line.name}</div>
        )}
        <div>
          <Typography.Text type="secondary">
            {line.quantity} × {formatMoney(line.price)}
            {/* A tax invoice shows which sales are taxable. */}
            {line.gstFree === false && <span data-testid="order-line-gst"> · includes GST</span>}
            {line.allowSubstitute === false && (
              <span data-testid="order-line-no-substitute"> · no substitute</span>
            )}
          </Typography.Text>
        </div>
        {packedNote(line) && (
          <div>
            <Typography.Text type="warning" data-testid="order-line-packed">
              {packedNote(line)}
            </Typography.Text>
          </div>
        )}
      </div>
      <div className="order-line__total">{formatMoney(line.lineTotal)}</div>
    </div>
  ));
}
