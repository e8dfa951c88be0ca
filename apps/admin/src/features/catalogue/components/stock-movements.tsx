import { Button, Empty, Table, Typography } from 'antd';
import { useCallback } from 'react';
import type { StockMovement } from '@storefront/contract/catalogue-admin';
import { formatDateTime } from '../../../lib/format';
import { readErrorMessage } from '../../../lib/http/api-error';
import { useRemoteData } from '../../../lib/use-remote-data';
import { listStockMovements } from '../api';
import { movementReasonLabels } from '../catalogue-labels';

const signed = (delta: number) => (delta > 0 ? `+${delta}` : String(delta));

/** The latest stock movements of a product, newest first. */
export function StockMovements({ productID }: { productID: number }) {
  const load = useCallback(() => listStockMovements(productID), [productID]);
  const { status, data, error, reload } = useRemoteData(load);

  if (status === 'failed')
    return (
      <Typography.Paragraph data-testid="stock-movements">
        <Typography.Text type="danger">
          The stock history could not be loaded: {readErrorMessage(error)}
        </Typography.Text>{' '}
        <Button size="small" onClick={reload}>
          Try again
        </Button>
      </Typography.Paragraph>
    );
  return (
    <Table<StockMovement>
      size="small"
      rowKey="movementID"
      dataSource={data?.list ?? []}
      loading={status === 'loading'}
      pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
      locale={{ emptyText: <Empty description="No stock movements yet." /> }}
      data-testid="stock-movements"
      columns={[
        { title: 'When', key: 'at', render: (_, m) => formatDateTime(m.at) },
        {
          title: 'Change',
          key: 'delta',
          align: 'right',
          render: (_, m) => <span data-testid="stock-movement-delta">{signed(m.delta)}</span>,
        },
        { title: 'Stock after', key: 'after', align: 'right', render: (_, m) => m.stockAfter },
        {
          title: 'Why',
          key: 'reason',
          render: (_, m) => (
            <span className="wrap-anywhere">
              {movementReasonLabels[m.reason]}
              {m.staffName && <Typography.Text type="secondary"> · {m.staffName}</Typography.Text>}
              {m.note && (
                <>
                  <br />
                  <Typography.Text type="secondary">{m.note}</Typography.Text>
                </>
              )}
            </span>
          ),
        },
      ]}
    />
  );
}
