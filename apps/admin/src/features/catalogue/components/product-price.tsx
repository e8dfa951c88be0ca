import { Space, Tag, Typography } from 'antd';
import type { AdminProduct } from '@storefront/contract/catalogue-admin';
import { formatMoney } from '../../../lib/format';

/** The price, and while a special runs, the special price tagged as such. */
export function ProductPrice({ product }: { product: AdminProduct }) {
  const { special } = product;
  if (!special?.running) return <span>{formatMoney(product.price)}</span>;
  return (
    <Space size={4} wrap>
      <Typography.Text delete type="secondary">
        {formatMoney(product.price)}
      </Typography.Text>
      <strong>{formatMoney(special.price)}</strong>
      <Tag color="magenta" data-testid="product-special-tag">
        Special
      </Tag>
    </Space>
  );
}

// Ant Design's green tag text is about 3.5:1 on its background: a darker green keeps 4.5:1.
const activeColours = { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' };

/** Active or not: inactive products stay in the list, hidden from the shop. */
export function ProductStatusTag({ isActive }: { isActive: boolean }) {
  return isActive ? (
    <Tag style={activeColours} data-testid="product-status">
      Active
    </Tag>
  ) : (
    <Tag data-testid="product-status">Inactive</Tag>
  );
}
