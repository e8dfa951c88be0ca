import { Button, Card, Empty, Flex, Popconfirm, Table, Tag, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { HTMLAttributes } from 'react';
import type { DeliveryClosure } from '@storefront/contract/delivery-admin';
import { formatStoreDay } from '../../../lib/format';
import { zoneLabels } from '../delivery-format';

type Props = {
  closures: DeliveryClosure[];
  /** Today in Sydney (YYYY-MM-DD): days before it are shown as past. */
  today: string;
  isPhone: boolean;
  busyID: number | null;
  onRemove: (closure: DeliveryClosure) => Promise<void>;
};

const rowTestId: HTMLAttributes<HTMLElement> = { ...{ 'data-testid': 'closure-row' }, role: 'row' };

/** The closed days, past ones of the last month too: a table on a wide screen, cards on a phone. */
export function ClosureList({ closures, today, isPhone, busyID, onRemove }: Props) {
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No closed days ahead." />;
  const remove = (c: DeliveryClosure) => (
    <Popconfirm
      title={`Open ${formatStoreDay(c.date)} again?`}
      description="Its windows are offered again at once."
      okText="Open it"
      onConfirm={() => onRemove(c)}
    >
      <Button
        size="small"
        icon={<DeleteOutlined />}
        loading={busyID === c.closureID}
        aria-label={`Remove the closure of ${formatStoreDay(c.date)}`}
        data-testid={`closure-delete-${c.closureID}`}
      >
        Remove
      </Button>
    </Popconfirm>
  );
  const zone = (c: DeliveryClosure) => (c.zone ? zoneLabels[c.zone] : 'All zones');
  const day = (c: DeliveryClosure) => (
    <span>
      {formatStoreDay(c.date)} {c.date < today && <Tag>Past</Tag>}
    </span>
  );

  if (isPhone)
    return closures.length === 0 ? (
      empty
    ) : (
      <Flex vertical gap={12}>
        {closures.map((c) => (
          <Card key={c.closureID} size="small" title={day(c)} extra={remove(c)} data-testid="closure-row">
            <Typography.Text strong>{zone(c)}</Typography.Text>
            <Typography.Paragraph className="wrap-anywhere" style={{ margin: 0 }}>
              {c.reason}
            </Typography.Paragraph>
          </Card>
        ))}
      </Flex>
    );

  return (
    <Table<DeliveryClosure>
      rowKey="closureID"
      dataSource={closures}
      pagination={false}
      size="middle"
      locale={{ emptyText: empty }}
      onRow={() => rowTestId}
      columns={[
        { title: 'Day', key: 'date', render: (_, c) => day(c) },
        { title: 'Zone', key: 'zone', render: (_, c) => zone(c) },
        {
          title: 'Reason',
          key: 'reason',
          render: (_, c) => <span className="wrap-anywhere">{c.reason}</span>,
        },
        { title: '', key: 'remove', render: (_, c) => remove(c) },
      ]}
    />
  );
}
