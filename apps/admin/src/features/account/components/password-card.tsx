import { Alert, App, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { errorCatalogue } from '@storefront/contract/errors';
import { staffChangePasswordBody, type StaffChangePasswordBody } from '@storefront/contract/staff';
import { showRefusalOnForm } from '../../../lib/form-errors';
import { sameAsRule, schemaRule } from '../../../lib/form-rules';
import { changeOwnPassword } from '../api';

type PasswordForm = StaffChangePasswordBody & { confirmPassword: string };

export function PasswordCard() {
  const [form] = Form.useForm<PasswordForm>();
  const { message } = App.useApp();
  const [isSaving, setIsSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const save = async ({ oldPassword, newPassword }: PasswordForm) => {
    setIsSaving(true);
    setRefusal(null);
    try {
      await changeOwnPassword({ oldPassword, newPassword });
      form.resetFields();
      void message.success('Your password is changed. Your other sign-ins have ended.');
    } catch (error) {
      setRefusal(
        showRefusalOnForm(form, error, {
          [errorCatalogue.STAFF_WRONG_PASSWORD.code]: 'oldPassword',
        }),
      );
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Card title={<h2 className="card-heading">Change password</h2>}>
      {refusal && (
        <Alert
          type="error"
          showIcon
          title={refusal}
          style={{ marginBottom: 16 }}
          data-testid="password-error"
        />
      )}
      <Form<PasswordForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={isSaving}
        onFinish={(values) => void save(values)}
        style={{ maxWidth: 420 }}
      >
        <Form.Item
          label="Current password"
          name="oldPassword"
          rules={[{ required: true, message: 'Enter your current password.' }]}
        >
          <Input.Password autoComplete="current-password" data-testid="password-old" />
        </Form.Item>
        <Form.Item
          label="New password"
          name="newPassword"
          rules={[
            { required: true, message: 'Choose a new password.' },
            schemaRule(staffChangePasswordBody.shape.newPassword, 'The new password'),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="password-new" />
        </Form.Item>
        <Form.Item
          label="Type the new password again"
          name="confirmPassword"
          dependencies={['newPassword']}
          rules={[
            { required: true, message: 'Type the new password again.' },
            sameAsRule('newPassword', 'The passwords do not match.'),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="password-confirm" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isSaving} data-testid="password-save">
          Change password
        </Button>
      </Form>
    </Card>
  );
}
