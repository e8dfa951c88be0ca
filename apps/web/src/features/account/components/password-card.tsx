import { Button, Card, Form, Input } from 'antd';
import type { UpdatePasswordBody } from '@storefront/contract/account';
import { errorCatalogue } from '@storefront/contract/errors';
import { useState } from 'react';
import { updateCustomerPassword } from '../api';
import { confirmPasswordRules, newPasswordRules, SCROLL_TO_FIRST_ERROR } from '../../../lib/form-rules';
import { toast } from '../../../lib/toast';
import { readRefusal, type FieldsByCode } from '../../../lib/form-refusal';
import { useFormRefusal } from '../../../lib/use-form-refusal';
import { RefusalAlert } from '../../../components/refusal-alert';
import { CardHeading } from './card-heading';

type PasswordForm = UpdatePasswordBody & { confirmPassword: string };

const FIELDS_BY_CODE: FieldsByCode = {
  [errorCatalogue.WRONG_PASSWORD.code]: ['oldPassword'],
  [errorCatalogue.PASSWORD_UNCHANGED.code]: ['newPassword'],
};

/**
 * A refusal is told in the form, not in a toast: the change that succeeds next clears it with the fields, where a
 * toast would stay beside "Your password is changed" until it timed out.
 */
export function PasswordCard() {
  const [form] = Form.useForm<PasswordForm>();
  const [isSaving, setIsSaving] = useState(false);
  const { refusalMessage, messageRef, showRefusal, clearRefusal } = useFormRefusal(form, FIELDS_BY_CODE);

  const save = async ({ oldPassword, newPassword }: PasswordForm) => {
    setIsSaving(true);
    clearRefusal();
    try {
      await updateCustomerPassword({ oldPassword, newPassword });
      form.resetFields();
      toast.success('Your password is changed. Other devices have been signed out.');
    } catch (err) {
      showRefusal(readRefusal(err));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Card title={<CardHeading>Change password</CardHeading>} style={{ marginBottom: 16 }}>
      <RefusalAlert message={refusalMessage} messageRef={messageRef} testId="password-error" maxWidth={420} />
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
