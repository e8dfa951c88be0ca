import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorCatalogue } from '@storefront/contract/errors';
import { staffSetPasswordBody } from '@storefront/contract/staff';
import { showRefusalOnForm } from '../../../lib/form-errors';
import { sameAsRule, schemaRule } from '../../../lib/form-rules';
import { readErrorCode, readErrorMessage } from '../../../lib/http/api-error';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { setStaffPassword } from '../api';
import type { LoginNotice } from './login-page';

type PasswordForm = { password: string; confirmPassword: string };

/** Where the mailed link lands (`/admin/set-password?token=…`): a new member, or one sent a new link, chooses a password. */
export function SetPasswordPage() {
  useDocumentTitle('Choose your password');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const isLinkWhole = staffSetPasswordBody.shape.token.safeParse(token).success;
  const navigate = useNavigate();
  const [form] = Form.useForm<PasswordForm>();
  const [isSending, setIsSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isLinkSpent, setIsLinkSpent] = useState(false);

  const submit = async ({ password }: PasswordForm) => {
    setIsSending(true);
    setRefusal(null);
    try {
      await setStaffPassword({ token, password });
      const notice: LoginNotice = { passwordSet: true };
      void navigate('/login', { replace: true, state: notice });
    } catch (error) {
      setIsSending(false);
      if (readErrorCode(error) === errorCatalogue.STAFF_LINK_INVALID.code) {
        setIsLinkSpent(true);
        setRefusal(readErrorMessage(error));
        return;
      }
      setRefusal(showRefusalOnForm(form, error));
    }
  };

  const problem = !isLinkWhole
    ? 'This link is not complete. Open the link from your email again, or ask the shop owner for a new one.'
    : isLinkSpent
      ? refusal
      : null;

  return (
    <Card className="auth-card">
      <Typography.Title level={1} className="auth-card__title">
        Choose your password
      </Typography.Title>
      {problem ? (
        <Alert type="error" showIcon title={problem} data-testid="set-password-link-problem" />
      ) : (
        <>
          <Typography.Paragraph>
            You will sign in to the Harbour Grocer back office with your email and this password. Use at least
            8 characters; a few unrelated words make a strong one.
          </Typography.Paragraph>
          {refusal && (
            <Alert
              type="error"
              showIcon
              title={refusal}
              style={{ marginBottom: 16 }}
              data-testid="set-password-error"
            />
          )}
          <Form<PasswordForm>
            form={form}
            layout="vertical"
            requiredMark={false}
            disabled={isSending}
            onFinish={(values) => void submit(values)}
          >
            <Form.Item
              label="New password"
              name="password"
              rules={[
                { required: true, message: 'Choose a password.' },
                schemaRule(staffSetPasswordBody.shape.password, 'The password'),
              ]}
            >
              <Input.Password autoComplete="new-password" size="large" data-testid="set-password-new" />
            </Form.Item>
            <Form.Item
              label="Type it again"
              name="confirmPassword"
              dependencies={['password']}
              rules={[
                { required: true, message: 'Type the password again.' },
                sameAsRule('password', 'The passwords do not match.'),
              ]}
            >
              <Input.Password autoComplete="new-password" size="large" data-testid="set-password-confirm" />
            </Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              block
              size="large"
              loading={isSending}
              data-testid="set-password-submit"
            >
              Set password
            </Button>
          </Form>
        </>
      )}
    </Card>
  );
}
