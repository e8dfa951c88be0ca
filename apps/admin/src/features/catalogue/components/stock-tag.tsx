import { Tag } from 'antd';
import { LOW_STOCK_LEVEL } from '@storefront/contract/catalogue-admin';

/** A product's stock; red at or below the low-stock level. */
export function StockTag({ stock }: { stock: number }) {
  if (stock > LOW_STOCK_LEVEL) return <span data-testid="product-stock">{stock}</span>;
  return (
    <Tag color="red" data-testid="product-stock" title={`Low stock: ${LOW_STOCK_LEVEL} or fewer`}>
      {stock === 0 ? 'Out of stock' : `${stock} left`}
    </Tag>
  );
}
