import { Form, Input, InputNumber, Select, Typography } from 'antd';
import {
  stockAdjustReasons,
  type AdminProduct,
  type StockAdjustBody,
} from '@storefront/contract/catalogue-admin';
import { errorCatalogue } from '@storefront/contract/errors';
import { FormModal } from '../../../components/form-modal';
import { adjustStock } from '../api';

type Reason = (typeof stockAdjustReasons)[number];
type AdjustForm = { reason: Reason; quantity?: number | null; note?: string };

const reasons: Record<Reason, { label: string; quantity: string }> = {
  received: { label: 'Received (a delivery came in)', quantity: 'Quantity received' },
  stocktake: { label: 'Stocktake (counted on the shelf)', quantity: 'Count on the shelf' },
  damaged: { label: 'Damaged or spoilt', quantity: 'Quantity thrown out' },
  returned: { label: 'Returned to the shelf', quantity: 'Quantity returned' },
};

/** The body for what staff entered: a stocktake sets the count, the others move the stock up or down by it. */
export function stockAdjustBodyOf(reason: Reason, quantity: number, note?: string): StockAdjustBody {
  const trimmed = note?.trim();
  const withNote = trimmed ? { note: trimmed } : {};
  if (reason === 'stocktake') return { reason, count: quantity, ...withNote };
  return { reason, delta: reason === 'damaged' ? -quantity : quantity, ...withNote };
}

function stockAfter(stock: number, reason: Reason, quantity: number): number {
  if (reason === 'stocktake') return quantity;
  return reason === 'damaged' ? stock - quantity : stock + quantity;
}

type Props = {
  product: Pick<AdminProduct, 'productID' | 'name' | 'stock'> | null;
  onClose: () => void;
  onAdjusted: (product: AdminProduct) => void;
};

/** Moves a product's stock for a reason the ledger records: a delivery, a stocktake, damage, a return. */
export function StockAdjustModal({ product, onClose, onAdjusted }: Props) {
  const [form] = Form.useForm<AdjustForm>();
  const reason = Form.useWatch('reason', form) ?? 'received';
  const quantity = Form.useWatch('quantity', form);

  const submit = async (values: AdjustForm) => {
    if (!product || typeof values.quantity !== 'number') return;
    onAdjusted(
      await adjustStock(product.productID, stockAdjustBodyOf(values.reason, values.quantity, values.note)),
    );
  };

  const stock = product?.stock ?? 0;
  const after = typeof quantity === 'number' ? stockAfter(stock, reason, quantity) : null;
  return (
    <FormModal<AdjustForm>
      form={form}
      isOpen={product !== null}
      title={product ? `Adjust stock: ${product.name}` : 'Adjust stock'}
      onClose={onClose}
      submit={submit}
      fieldsByCode={{ [errorCatalogue.STOCK_BELOW_ZERO.code]: 'quantity' }}
      okText="Save stock"
      cancelText="Cancel"
      testIds={{ ok: 'stock-adjust-submit', cancel: 'stock-adjust-cancel', error: 'stock-adjust-error' }}
      initialValues={{ reason: 'received' }}
      intro={
        <Typography.Paragraph data-testid="stock-adjust-now">
          In stock now: <strong>{stock}</strong>
          {after !== null && (
            <>
              {' '}
              · after this: <strong>{after}</strong>
            </>
          )}
        </Typography.Paragraph>
      }
    >
      <div data-testid="stock-adjust-form">
        <Form.Item label="Reason" name="reason" rules={[{ required: true, message: 'Choose a reason.' }]}>
          <Select<Reason>
            options={stockAdjustReasons.map((r) => ({ value: r, label: reasons[r].label }))}
            data-testid="stock-adjust-reason"
          />
        </Form.Item>
        <Form.Item
          label={reasons[reason].quantity}
          name="quantity"
          rules={[
            { required: true, message: 'Enter the quantity.' },
            {
              type: 'integer',
              min: reason === 'stocktake' ? 0 : 1,
              max: 1_000_000,
              message:
                reason === 'stocktake'
                  ? 'Enter the count, a whole number from 0.'
                  : 'Enter a whole number from 1.',
            },
          ]}
        >
          <InputNumber<number>
            inputMode="numeric"
            precision={0}
            style={{ width: '100%' }}
            data-testid="stock-adjust-quantity"
          />
        </Form.Item>
        <Form.Item
          label="Note (optional)"
          name="note"
          rules={[{ max: 200, message: 'At most 200 characters.' }]}
        >
          <Input
            autoComplete="off"
            placeholder="Supplier invoice, what broke…"
            data-testid="stock-adjust-note"
          />
        </Form.Item>
      </div>
    </FormModal>
  );
}
