import { Button, Card, Space, Tag, Typography } from 'antd';
import type { Address } from '@storefront/contract/address';
import { formatPhone } from '@storefront/contract/limits';
import { fullName } from '@storefront/contract/person-name';
import { ConfirmPopover } from '../../../components/confirm-popover';
import { streetLine } from '../format-address';

type Props = {
  address: Address;
  isBusy: boolean;
  onEdit: () => void;
  onDelete: () => void;
  deleteButtonRef?: (element: HTMLButtonElement | null) => void;
  onMakeShipping: () => void;
  onMakeBilling: () => void;
};

export function AddressCard({
  address: a,
  isBusy,
  onEdit,
  onDelete,
  deleteButtonRef,
  onMakeShipping,
  onMakeBilling,
}: Props) {
  const id = a.addressID;
  return (
    <Card
      size="small"
      data-testid={`address-${id}`}
      title={fullName(a)}
      extra={
        <Space size={4} wrap>
          {a.isDefaultShipping && (
            <Tag color="magenta" data-testid={`address-${id}-default-shipping`}>
              Default delivery
            </Tag>
          )}
          {a.isDefaultBilling && (
            <Tag color="blue" data-testid={`address-${id}-default-billing`}>
              Billing
            </Tag>
          )}
        </Space>
      }
      actions={[
        <Button type="link" key="edit" onClick={onEdit} disabled={isBusy} data-testid={`address-${id}-edit`}>
          Edit
        </Button>,
        <ConfirmPopover
          key="delete"
          title="Delete this address?"
          description={
            a.isDefaultShipping || a.isDefaultBilling ? 'Another address becomes the default.' : undefined
          }
          okText="Delete"
          okButtonProps={{ danger: true, ...{ 'data-testid': `address-${id}-delete-confirm` } }}
          onConfirm={onDelete}
        >
          <Button
            ref={deleteButtonRef}
            type="link"
            danger
            disabled={isBusy}
            data-testid={`address-${id}-delete`}
          >
            Delete
          </Button>
        </ConfirmPopover>,
      ]}
    >
      <Typography.Paragraph style={{ marginBottom: 8 }}>
        {streetLine(a)}
        <br />
        {a.suburb} {a.state} {a.postcode}
        <br />
        <Typography.Text type="secondary">{formatPhone(a.phone)}</Typography.Text>
      </Typography.Paragraph>
      <Space wrap size={4}>
        {!a.isDefaultShipping && (
          <Button
            size="small"
            onClick={onMakeShipping}
            disabled={isBusy}
            data-testid={`address-${id}-make-shipping`}
          >
            Deliver here by default
          </Button>
        )}
        {!a.isDefaultBilling && (
          <Button
            size="small"
            onClick={onMakeBilling}
            disabled={isBusy}
            data-testid={`address-${id}-make-billing`}
          >
            Use for billing
          </Button>
        )}
      </Space>
    </Card>
  );
}
