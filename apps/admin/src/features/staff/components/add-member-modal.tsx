import { Form, Input, Select, type FormInstance } from 'antd';
import { errorCatalogue } from '@storefront/contract/errors';
import {
  STAFF_INVITE_HOURS,
  staffCreateBody,
  staffRoles,
  type StaffCreateBody,
  type StaffMember,
} from '@storefront/contract/staff';
import { roleLabels } from '../../../lib/access';
import { FormModal } from '../../../components/form-modal';
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
  return (
    <FormModal<StaffCreateBody>
      form={form}
      isOpen={isOpen}
      title="Add a staff member"
      onClose={onClose}
      submit={async (values) =>
        onAdded(await addStaffMember({ ...values, email: values.email.trim(), name: values.name.trim() }))
      }
      fieldsByCode={{ [errorCatalogue.STAFF_EMAIL_TAKEN.code]: 'email' }}
      okText="Add and send link"
      cancelText="Cancel"
      testIds={{ ok: 'staff-add-submit', cancel: 'staff-add-cancel', error: 'staff-add-error' }}
      intro={
        <p>We email them a link to choose their password. It works once, for {STAFF_INVITE_HOURS} hours.</p>
      }
      initialValues={{ role: 'picker' }}
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
    </FormModal>
  );
}

function RoleHelp({ form }: { form: FormInstance<StaffCreateBody> }) {
  const role = Form.useWatch('role', form);
  return role ? <span>{roleHelp[role]}</span> : null;
}
