import { Alert, Button, Card, Divider, Form, Input, Typography } from 'antd';
import type { LoginBody } from '@storefront/contract/account';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { hasSession } from '../../../lib/http/session';
import { readRuntimeConfig } from '../../../lib/runtime-config';
import { resolveSafeRedirect } from '../../../lib/safe-redirect';
import { GoogleSignInButton } from '../components/google-sign-in-button';
import { loginWithGoogle, loginWithPassword } from '../user-info-slice';

export function LoginPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirect = resolveSafeRedirect(searchParams.get('redirect'));
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { googleClientId } = readRuntimeConfig();

  if (hasSession() && !isSubmitting) return <Navigate to={redirect} replace />;

  const finish = async (attempt: () => Promise<unknown>) => {
    setIsSubmitting(true);
    setError(null);
    try {
      await attempt();
      void navigate(redirect, { replace: true });
    } catch (err) {
      setError(typeof err === 'string' ? err : 'Sign-in failed. Please try again.');
      setIsSubmitting(false);
    }
  };

  const submit = (values: LoginBody) => finish(() => dispatch(loginWithPassword(values)).unwrap());
  const submitGoogle = (idToken: string) => finish(() => dispatch(loginWithGoogle({ idToken })).unwrap());

  return (
    <div className="page page--narrow">
      <Card>
        <Typography.Title level={2} style={{ marginTop: 0 }}>
          Sign in
        </Typography.Title>
        <Typography.Paragraph type="secondary">Welcome back to Harbour Grocer.</Typography.Paragraph>
        {error && (
          <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="login-error" />
        )}
        <Form<LoginBody> layout="vertical" onFinish={submit} requiredMark={false} disabled={isSubmitting}>
          <Form.Item
            label="Email"
            name="email"
            rules={[
              { required: true, message: 'Enter your email address.' },
              { type: 'email', message: 'Enter a valid email address.' },
            ]}
          >
            <Input inputMode="email" autoComplete="email" data-testid="login-email" />
          </Form.Item>
          <Form.Item
            label="Password"
            name="password"
            rules={[{ required: true, message: 'Enter your password.' }]}
          >
            <Input.Password autoComplete="current-password" data-testid="login-password" />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            block
            size="large"
            loading={isSubmitting}
            data-testid="login-submit"
          >
            Sign in
          </Button>
        </Form>
        {googleClientId && (
          <>
            <Divider plain>or</Divider>
            <GoogleSignInButton
              clientId={googleClientId}
              onCredential={(token) => void submitGoogle(token)}
            />
          </>
        )}
        <Divider />
        <Typography.Paragraph style={{ marginBottom: 0, textAlign: 'center' }}>
          New here?{' '}
          <Link to={`/register?redirect=${encodeURIComponent(redirect)}`} data-testid="register-link">
            Create an account
          </Link>
        </Typography.Paragraph>
      </Card>
    </div>
  );
}
