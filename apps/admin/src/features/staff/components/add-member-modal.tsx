import { Alert, Button, Form, Input, Modal, Select, type FormInstance } from 'antd';
import { useState } from 'react';
import { errorCatalogue } from '@storefront/contract/errors';
import {
  STAFF_INVITE_HOURS,
  staffCreateBody,
  staffRoles,
  type StaffCreateBody,
  type StaffMember,
} from '@storefront/contract/staff';
import { roleLabels } from '../../../lib/access';
import { showRefusalOnForm } from '../../../lib/form-errors';
import { schemaRule } from '../../../lib/form-rules';
import { addStaffMember } from '../api';
import { roleHelp } from '../role-help';

type Props = {
  isOpen: boolean;
  onClose: () => void;
  onAdded: (member: StaffMember) => void;
};

/** The owner adds a member; the API mails them a link to choose their password. */
export function AddMemberModal({ isOpen, onClose, onAdded }: Props) {
  const [form] = Form.useForm<StaffCreateBody>();
  const [isSaving, setIsSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const save = async (values: StaffCreateBody) => {
    setIsSaving(true);
    setRefusal(null);
    try {
      const member = await addStaffMember({
        ...values,
        email: values.email.trim(),
        name: values.name.trim(),
      });
      form.resetFields();
      onAdded(member);
    } catch (error) {
      setRefusal(
        showRefusalOnForm(form, error, {
          [errorCatalogue.STAFF_EMAIL_TAKEN.code]: 'email',
        }),
      );
    } finally {
      setIsSaving(false);
    }
  };

  const close = () => {
    setRefusal(null);
    form.resetFields();
    onClose();
  };

  return (
    <Modal
      open={isOpen}
      title="Add a staff member"
      onCancel={close}
      forceRender
      footer={[
        <Button key="cancel" onClick={close} data-testid="staff-add-cancel">
          Cancel
        </Button>,
        <Button
          key="add"
          type="primary"
          loading={isSaving}
          onClick={() => form.submit()}
          data-testid="staff-add-submit"
        >
          Add and send link
        </Button>,
      ]}
    >
      <p>We email them a link to choose their password. It works once, for {STAFF_INVITE_HOURS} hours.</p>
      {refusal && (
        <Alert
          type="error"
          showIcon
          title={refusal}
          style={{ marginBottom: 16 }}
          data-testid="staff-add-error"
        />
      )}
      <Form<StaffCreateBody>
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={isSaving}
        initialValues={{ role: 'picker' }}
        onFinish={(values) => void save(values)}
      >
        <Form.Item
          label="Email"
          name="email"
          rules={[
            { required: true, whitespace: true, message: 'Enter their email address.' },
            schemaRule(staffCreateBody.shape.email, 'Email'),
          ]}
        >
          <Input type="email" autoComplete="off" data-testid="staff-add-email" />
        </Form.Item>
        <Form.Item
          label="Name"
          name="name"
          rules={[
            { required: true, whitespace: true, message: 'Enter their name.' },
            schemaRule(staffCreateBody.shape.name, 'Name'),
          ]}
        >
          <Input autoComplete="off" data-testid="staff-add-name" />
        </Form.Item>
        <Form.Item label="Role" name="role" extra={<RoleHelp form={form} />}>
          <Select
            options={staffRoles.map((role) => ({ value: role, label: roleLabels[role] }))}
            data-testid="staff-add-role"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function RoleHelp({ form }: { form: FormInstance<StaffCreateBody> }) {
  const role = Form.useWatch('role', form);
  return role ? <span>{roleHelp[role]}</span> : null;
}
