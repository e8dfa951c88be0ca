import { Button, Card, Form, Input } from 'antd';
import type { UpdatePasswordBody } from '@storefront/contract/account';
import { useState } from 'react';
import { readErrorMessage } from '../../../lib/http/error-message';
import { updateCustomerPassword } from '../api';
import { confirmPasswordRules, newPasswordRules, SCROLL_TO_FIRST_ERROR } from '../../../lib/form-rules';
import { toast } from '../../../lib/toast';

type PasswordForm = UpdatePasswordBody & { confirmPassword: string };

export function PasswordCard() {
  const [form] = Form.useForm<PasswordForm>();
  const [isSaving, setIsSaving] = useState(false);

  const save = async ({ oldPassword, newPassword }: PasswordForm) => {
    setIsSaving(true);
    try {
      await updateCustomerPassword({ oldPassword, newPassword });
      form.resetFields();
      toast.success('Your password is changed. Other devices have been signed out.');
    } catch (err) {
      toast.error(readErrorMessage(err));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Card title="Change password" style={{ marginBottom: 16 }}>
      <Form<PasswordForm>
        scrollToFirstError={SCROLL_TO_FIRST_ERROR}
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={isSaving}
        onFinish={save}
        style={{ maxWidth: 420 }}
      >
        <Form.Item
          label="Current password"
          name="oldPassword"
          rules={[{ required: true, message: 'Enter your current password.' }]}
        >
          <Input.Password autoComplete="current-password" data-testid="password-old" />
        </Form.Item>
        <Form.Item label="New password" name="newPassword" rules={newPasswordRules('Choose a new password.')}>
          <Input.Password autoComplete="new-password" data-testid="password-new" />
        </Form.Item>
        <Form.Item
          label="Confirm new password"
          name="confirmPassword"
          dependencies={['newPassword']}
          rules={confirmPasswordRules('newPassword', 'Type the new password again.')}
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
