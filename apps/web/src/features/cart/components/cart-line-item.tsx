import { DeleteOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popconfirm, Tag, Typography } from 'antd';
import type { CartLine, UnavailableReason } from '@storefront/contract/cart';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/money';
import { QuantityStepper } from './quantity-stepper';

type Props = {
  line: CartLine;
  isBusy: boolean;
  onSelect?: (selected: boolean) => void;
  onQuantity?: (quantity: number) => void;
  onDelete: () => void;
};

const reasonLabels: Record<UnavailableReason, string> = {
  inactive: 'No longer sold',
  out_of_stock: 'Out of stock',
  not_enough_stock: 'Not enough stock',
};

export function CartLineItem({ line, isBusy, onSelect, onQuantity, onDelete }: Props) {
  const id = line.productID;
  return (
    <div className="cart-line" data-testid={`cart-line-${id}`}>
      {onSelect && (
        <Checkbox
          checked={line.selected}
          disabled={isBusy}
          onChange={(e) => onSelect(e.target.checked)}
          aria-label={`Select ${line.name}`}
          data-testid={`cart-line-select-${id}`}
        />
      )}
      <Link to={`/product/${id}`} className="cart-line__image">
        <img src={line.imageUrl} alt="" />
      </Link>
      <div className="cart-line__info">
        <Link to={`/product/${id}`} className="cart-line__name" data-testid={`cart-line-name-${id}`}>
          {line.name}
        </Link>
        <Typography.Text type="secondary">{formatMoney(line.price)} each</Typography.Text>
        {line.unavailableReason && (
          <div>
            <Tag color="orange" data-testid={`cart-line-reason-${id}`}>
              {reasonLabels[line.unavailableReason]}
              {line.unavailableReason === 'not_enough_stock' ? ` (${line.stock} left)` : ''}
            </Tag>
          </div>
        )}
      </div>
      <div className="cart-line__actions">
        {onQuantity ? (
          <QuantityStepper
            quantity={line.quantity}
            stock={line.stock}
            isDisabled={isBusy}
            onCommit={onQuantity}
            testId={`cart-line-quantity-${id}`}
          />
        ) : (
          <Typography.Text type="secondary">Qty {line.quantity}</Typography.Text>
        )}
        <Typography.Text strong className="cart-line__total" data-testid={`cart-line-total-${id}`}>
          {formatMoney(line.lineTotal)}
        </Typography.Text>
        <Popconfirm
          title="Remove this item?"
          okText="Remove"
          cancelText="Keep"
          onConfirm={onDelete}
          okButtonProps={{ danger: true, 'data-testid': 'cart-delete-confirm' }}
        >
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={`Remove ${line.name}`}
            disabled={isBusy}
            data-testid={`cart-line-delete-${id}`}
          />
        </Popconfirm>
      </div>
    </div>
  );
}
