import type { Product } from '@storefront/contract/catalog';
import { formatMoney } from '../../../lib/money';
import { formatUnitPrice } from '../unit-price';

type Props = { product: Product; testId: string; isLarge?: boolean };

/** The price, the was price while on special, and the unit price beside them. */
export function ProductPrice({ product, testId, isLarge = false }: Props) {
  return (
    <div className={isLarge ? 'price price--large' : 'price'}>
      <strong className="price__now" data-testid={testId}>
        {formatMoney(product.price)}
      </strong>
      {product.wasPrice !== null && (
        <span className="price__was" data-testid={`${testId}-was`}>
          <span className="visually-hidden">was </span>
          <s>{formatMoney(product.wasPrice)}</s>
        </span>
      )}
      {product.isOnSpecial && <span className="tag tag--special">Special</span>}
      {product.unitPrice && (
        <span className="price__unit" data-testid={`${testId}-unit`}>
          {formatUnitPrice(product.unitPrice)}
        </span>
      )}
    </div>
  );
}
