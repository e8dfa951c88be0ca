import { Button, Card, Empty, Flex, Space, Table, Tag, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import type { HTMLAttributes } from 'react';
import type { DeliveryTemplate, DeliveryZone } from '@storefront/contract/delivery-admin';
import type { ShippingZone } from '@storefront/contract/shipping';
import {
  dayNamesOf,
  describeCutoff,
  describeMinimumOrder,
  describePriceDelta,
  zoneLabels,
} from '../delivery-format';

type Props = {
  zone: ShippingZone;
  templates: DeliveryTemplate[];
  /** The zone's minimum order (absent if it could not be read). */
  terms: DeliveryZone | undefined;
  isPhone: boolean;
  onEdit: (template: DeliveryTemplate) => void;
  onEditMinimum: (zone: DeliveryZone) => void;
};

/** One zone's minimum order and window templates: a table on a wide screen, a card each on a phone. */
export function ZoneTemplates({ zone, templates, terms, isPhone, onEdit, onEditMinimum }: Props) {
  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={`No windows: ${zoneLabels[zone].toLowerCase()} orders go by courier.`}
    />
  );
  return (
    <section className="delivery-zone" data-testid={`delivery-zone-${zone}`}>
      <Typography.Title level={2}>{zoneLabels[zone]}</Typography.Title>
      {terms && (
        <Flex align="center" gap={8} wrap style={{ marginBottom: 12 }}>
          <Typography.Text data-testid={`zone-minimum-${zone}`}>
            {describeMinimumOrder(terms.minimumOrder)}
          </Typography.Text>
          <Button
            size="small"
            icon={<EditOutlined />}
            onClick={() => onEditMinimum(terms)}
            aria-label={`Change the ${zoneLabels[zone].toLowerCase()} minimum order`}
            data-testid={`zone-minimum-edit-${zone}`}
          >
            Change
          </Button>
        </Flex>
      )}
      {isPhone ? (
        templates.length === 0 ? (
          empty
        ) : (
          <Flex vertical gap={12}>
            {templates.map((t) => (
              <Card
                key={t.templateID}
                size="small"
                title={<Times template={t} />}
                extra={<EditButton template={t} onEdit={onEdit} />}
                data-testid="template-row"
              >
                <Flex vertical gap={6}>
                  <Days weekdays={t.weekdays} />
                  <span>
                    {t.capacity} places · {booked(t)}
                  </span>
                  <span>Extra price: {describePriceDelta(t.priceDelta)}</span>
                  <span>Booking closes {describeCutoff(t.cutoffMinutes).toLowerCase()}</span>
                  <Offered template={t} />
                </Flex>
              </Card>
            ))}
          </Flex>
        )
      ) : (
        <Table<DeliveryTemplate>
          rowKey="templateID"
          dataSource={templates}
          pagination={false}
          size="middle"
          locale={{ emptyText: empty }}
          onRow={() => rowTestId}
          columns={[
            { title: 'Times', key: 'times', render: (_, t) => <Times template={t} /> },
            { title: 'Days', key: 'days', render: (_, t) => <Days weekdays={t.weekdays} /> },
            {
              title: 'Places',
              key: 'capacity',
              render: (_, t) => (
                <Space orientation="vertical" size={0}>
                  <span>{t.capacity}</span>
                  <Typography.Text type="secondary">{booked(t)}</Typography.Text>
                </Space>
              ),
            },
            { title: 'Extra price', key: 'price', render: (_, t) => describePriceDelta(t.priceDelta) },
            {
              title: 'Booking closes',
              key: 'cutoff',
              responsive: ['lg'],
              render: (_, t) => describeCutoff(t.cutoffMinutes),
            },
            { title: 'Offered', key: 'active', render: (_, t) => <Offered template={t} /> },
            { title: '', key: 'edit', render: (_, t) => <EditButton template={t} onEdit={onEdit} /> },
          ]}
        />
      )}
    </section>
  );
}

const rowTestId: HTMLAttributes<HTMLElement> = { ...{ 'data-testid': 'template-row' }, role: 'row' };

const booked = (t: DeliveryTemplate) => `${t.booked} booked ahead`;

function Times({ template: t }: { template: DeliveryTemplate }) {
  return (
    <Space orientation="vertical" size={0}>
      <Typography.Text strong>
        {t.startTime} – {t.endTime}
      </Typography.Text>
      {t.label && <Typography.Text type="secondary">{t.label}</Typography.Text>}
    </Space>
  );
}

function Days({ weekdays }: { weekdays: number[] }) {
  return (
    <Space size={[4, 4]} wrap>
      {dayNamesOf(weekdays).map((day) => (
        <Tag key={day} color="blue">
          {day}
        </Tag>
      ))}
    </Space>
  );
}

function Offered({ template }: { template: DeliveryTemplate }) {
  return template.isActive ? <Tag color="success">Offered</Tag> : <Tag>Switched off</Tag>;
}

function EditButton({
  template,
  onEdit,
}: {
  template: DeliveryTemplate;
  onEdit: (t: DeliveryTemplate) => void;
}) {
  return (
    <Button
      size="small"
      icon={<EditOutlined />}
      onClick={() => onEdit(template)}
      aria-label={`Edit the ${template.startTime} window`}
      data-testid={`template-edit-${template.templateID}`}
    >
      Edit
    </Button>
  );
}
