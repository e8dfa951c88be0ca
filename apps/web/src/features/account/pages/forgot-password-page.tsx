import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import type { ForgotPasswordBody } from '@storefront/contract/account-mail';
import { useState } from 'react';
import { Link } from 'react-router';
import { emailRules } from '../../../lib/form-rules';
import { readErrorMessage } from '../../../lib/http/error-message';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { askForResetLink } from '../api';

/** "Forgot password?": mails a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordPage() {
  useDocumentTitle('Reset your password');
  const [isSending, setIsSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = async ({ email }: ForgotPasswordBody) => {
    setIsSending(true);
    setError(null);
    try {
      setSent((await askForResetLink({ email: email.trim() })).message);
    } catch (err) {
      setError(readErrorMessage(err));
    } finally {
      setIsSending(false);
    }
  };

  return (
    <div className="page page--narrow">
      <Card>
        <Typography.Title level={1} style={{ fontSize: '1.5rem', marginTop: 0 }}>
          Reset your password
        </Typography.Title>
        {sent ? (
          <>
            <Alert
              type="success"
              showIcon
              title="Check your email"
              description={sent}
              data-testid="forgot-sent"
            />
            <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
              No mail after a few minutes? Look in your spam folder, or{' '}
              <Link to="/forgot-password" reloadDocument>
                ask again
              </Link>
              .
            </Typography.Paragraph>
          </>
        ) : (
          <>
            <Typography.Paragraph>
              Enter the email address of your account and we will send you a link to choose a new password.
            </Typography.Paragraph>
            {error && (
              <Alert
                type="error"
                showIcon
                title={error}
                style={{ marginBottom: 16 }}
                data-testid="forgot-error"
              />
            )}
            <Form<ForgotPasswordBody>
              layout="vertical"
              requiredMark={false}
              disabled={isSending}
              onFinish={send}
            >
              <Form.Item label="Email" name="email" rules={emailRules}>
                <Input size="large" inputMode="email" autoComplete="email" data-testid="forgot-email" />
              </Form.Item>
              <Button
                type="primary"
                htmlType="submit"
                size="large"
                block
                loading={isSending}
                data-testid="forgot-submit"
              >
                Send the link
              </Button>
            </Form>
          </>
        )}
        <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
          Remembered it? <Link to="/login">Sign in</Link>
        </Typography.Paragraph>
      </Card>
    </div>
  );
}
