import { Form, Input, Typography } from 'antd';
import { disableCustomerBody, type StaffCustomerDetail } from '@storefront/contract/customers-admin';
import { FormModal } from '../../../components/form-modal';
import { schemaRule } from '../../../lib/form-rules';
import { disableCustomer } from '../api';

type Props = {
  customerID: number;
  name: string;
  isOpen: boolean;
  onClose: () => void;
  onDone: (detail: StaffCustomerDetail) => void;
};

/** Disables the account, saying why: the reason is kept in the audit log and shown on the customer's page. */
export function DisableModal({ customerID, name, isOpen, onClose, onDone }: Props) {
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <FormModal<{ reason: string }>
      form={form}
      isOpen={isOpen}
      title={`Disable ${name}'s account?`}
      onClose={onClose}
      submit={async ({ reason }) => onDone(await disableCustomer(customerID, { reason: reason.trim() }))}
      okText="Disable account"
      cancelText="Keep it active"
      isDanger
      testIds={{
        ok: 'customer-disable-confirm',
        cancel: 'customer-disable-cancel',
        error: 'customer-disable-error',
      }}
      intro={
        <Typography.Paragraph>
          They are signed out everywhere at once and cannot sign in, with a password or Google, or reset their
          password, until an owner or a manager enables the account again.
        </Typography.Paragraph>
      }
    >
      <Form.Item
        label="Reason"
        name="reason"
        rules={[
          { required: true, whitespace: true, message: 'Say why the account is disabled.' },
          schemaRule(disableCustomerBody.shape.reason, 'Reason'),
        ]}
      >
        <Input.TextArea rows={2} maxLength={200} showCount data-testid="customer-disable-reason" />
      </Form.Item>
    </FormModal>
  );
}
