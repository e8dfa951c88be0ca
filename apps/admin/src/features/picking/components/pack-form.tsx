import { Alert, Button, Card, Space, Tag, Typography } from 'antd';
import { MinusOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { useState } from 'react';
import type { StaffOrderDetail } from '@storefront/contract/fulfilment';
import type { OrderLine } from '@storefront/contract/order';
import { formatMoney } from '../../../lib/format';
import { readErrorMessage } from '../../../lib/http/api-error';
import { packOrder } from '../../orders/api';
import { mayBeSubstituted, packChanges, packedInFull, type PackEntry } from '../pack-changes';
import { SubstitutePicker } from './substitute-picker';

type Props = {
  detail: StaffOrderDetail;
  /** Packed: the order as it now is, and what was refunded at once (cents). */
  onPacked: (detail: StaffOrderDetail, refundedCents: number) => void;
};

function refundedSoFar(detail: StaffOrderDetail): number {
  return detail.order.refunds.reduce((sum, refund) => sum + refund.amount, 0);
}

/** Every line with how many went in (ordered by default), short lines marked, substitutes where allowed. */
export function PackForm({ detail, onPacked }: Props) {
  const { lines, orderID } = detail.order;
  const [entries, setEntries] = useState<Record<number, PackEntry>>(() => packedInFull(lines));
  const [choosingFor, setChoosingFor] = useState<OrderLine | null>(null);
  const [isPacking, setIsPacking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const change = (productID: number, next: Partial<PackEntry>) =>
    setEntries((prev) => {
      const entry = prev[productID] ?? { packedQuantity: 0, substitute: null };
      return { ...prev, [productID]: { ...entry, ...next } };
    });

  const pack = async () => {
    setIsPacking(true);
    setRefusal(null);
    try {
      const next = await packOrder(orderID, { lines: packChanges(lines, entries) });
      onPacked(next, Math.max(0, refundedSoFar(next) - refundedSoFar(detail)));
    } catch (error) {
      setRefusal(readErrorMessage(error));
    } finally {
      setIsPacking(false);
    }
  };

  return (
    <div className="pack-form" data-testid="pack-form">
      {lines.map((line) => {
        const entry = entries[line.productID] ?? { packedQuantity: line.quantity, substitute: null };
        const isShort = entry.packedQuantity < line.quantity;
        return (
          <Card
            key={line.productID}
            size="small"
            className="pack-line"
            data-testid={`pack-line-${line.productID}`}
          >
            <div className="pack-line__head">
              <Typography.Text strong className="pack-line__name">
                {line.name}
              </Typography.Text>
              <Typography.Text type="secondary">
                {line.sku} · ordered {line.quantity} · {formatMoney(line.price)}
              </Typography.Text>
            </div>
            <div className="pack-line__row">
              <Space.Compact>
                <Button
                  size="large"
                  icon={<MinusOutlined />}
                  aria-label={`One fewer ${line.name}`}
                  disabled={entry.packedQuantity <= 0 || isPacking}
                  onClick={() => change(line.productID, { packedQuantity: entry.packedQuantity - 1 })}
                  data-testid={`pack-minus-${line.productID}`}
                />
                <output
                  className="pack-line__count"
                  aria-live="polite"
                  aria-label={`${entry.packedQuantity} of ${line.quantity} packed`}
                  data-testid={`pack-count-${line.productID}`}
                >
                  {entry.packedQuantity}
                </output>
                <Button
                  size="large"
                  icon={<PlusOutlined />}
                  aria-label={`One more ${line.name}`}
                  disabled={entry.packedQuantity >= line.quantity || isPacking}
                  onClick={() => change(line.productID, { packedQuantity: entry.packedQuantity + 1 })}
                  data-testid={`pack-plus-${line.productID}`}
                />
              </Space.Compact>
              {isShort && (
                <Tag className="tag-waiting" data-testid={`pack-short-${line.productID}`}>
                  Short {line.quantity - entry.packedQuantity}
                </Tag>
              )}
            </div>
            {mayBeSubstituted(line) ? (
              <div className="pack-line__row">
                {entry.substitute ? (
                  <>
                    <Tag className="tag-waiting" data-testid={`pack-substitute-${line.productID}`}>
                      Instead: {entry.substitute.name} ({formatMoney(entry.substitute.price)})
                    </Tag>
                    <Button
                      size="large"
                      disabled={isPacking}
                      onClick={() => change(line.productID, { substitute: null })}
                      data-testid={`pack-substitute-clear-${line.productID}`}
                    >
                      No substitute
                    </Button>
                  </>
                ) : (
                  <Button
                    size="large"
                    icon={<SwapOutlined />}
                    disabled={isPacking}
                    onClick={() => setChoosingFor(line)}
                    data-testid={`pack-substitute-choose-${line.productID}`}
                  >
                    Choose substitute
                  </Button>
                )}
              </div>
            ) : (
              <Typography.Text type="secondary" data-testid={`pack-no-substitute-${line.productID}`}>
                The customer wants no substitute.
              </Typography.Text>
            )}
          </Card>
        );
      })}
      {refusal && <Alert type="error" showIcon title={refusal} data-testid="pack-error" />}
      <Button
        type="primary"
        size="large"
        block
        loading={isPacking}
        onClick={() => void pack()}
        data-testid="pack-submit"
      >
        Pack
      </Button>
      <SubstitutePicker
        line={choosingFor}
        onClose={() => setChoosingFor(null)}
        onChosen={(substitute) => {
          if (choosingFor) change(choosingFor.productID, { substitute });
        }}
      />
    </div>
  );
}
