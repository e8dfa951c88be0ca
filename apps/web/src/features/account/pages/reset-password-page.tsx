import { Alert, Button, Card, Form, Input, Result, Typography } from 'antd';
import { errorCatalogue } from '@storefront/contract/errors';
import { useCallback, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { ButtonLink } from '../../../components/button-link';
import { PageLoading } from '../../../components/page-loading';
import { confirmPasswordRules, newPasswordRules, SCROLL_TO_FIRST_ERROR } from '../../../lib/form-rules';
import { readErrorCode, readErrorMessage } from '../../../lib/http/error-message';
import { hasSession, readEmail } from '../../../lib/http/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRemoteData } from '../../../lib/use-remote-data';
import { checkResetLink, resetPassword } from '../api';
import { readLinkToken } from '../mail-link';
import { logout } from '../user-info-slice';

type ResetForm = { newPassword: string; confirmPassword: string };

/**
 * The page a reset link opens: whether the link still works, asked as it opens (a spent link is said at once, not
 * after a new password is typed), then a new password, then sign in with it (every session was ended). A browser signed in
 * (as the link's customer, or as someone else on a shared computer) is signed out before the change: after it, the
 * sign-in page would otherwise send the customer on as whoever this browser still holds, and signing out after the
 * change would be refused as a session already ended.
 */
export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = readLinkToken(searchParams);
  // Should the check itself fail (the network, the throttle), the form is shown: the reset then says what it says.
  const check = useRemoteData(
    useCallback(() => (token ? checkResetLink({ token }) : Promise.resolve({ valid: false })), [token]),
  );
  const [outcome, setOutcome] = useState<'asking' | 'done' | 'refused'>('asking');
  const [isSaving, setIsSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const signedInAs = hasSession() ? (readEmail() ?? 'another account') : null;

  const save = async ({ newPassword }: ResetForm) => {
    if (!token) return;
    setIsSaving(true);
    setError(null);
    try {
      if (hasSession()) await dispatch(logout());
      await resetPassword({ token, newPassword });
      setOutcome('done');
    } catch (err) {
      if (readErrorCode(err) === errorCatalogue.RESET_LINK_INVALID.code) setOutcome('refused');
      else setError(readErrorMessage(err));
    } finally {
      setIsSaving(false);
    }
  };

  if (!token || check.data?.valid === false || outcome === 'refused') {
    return (
      <div className="page page--narrow" data-testid="reset-invalid">
        <Card>
          <Result
            status="warning"
            style={{ padding: '24px 0' }}
            title={
              <Typography.Title level={1} style={{ fontSize: '1.5rem', margin: 0 }}>
                This link no longer works
              </Typography.Title>
            }
            subTitle="A reset link works once, for 30 minutes, and only the newest one you asked for; a password changed since ends it too. Use the new link straight away, or sign in if you know your password."
            extra={[
              <ButtonLink key="again" type="primary" to="/forgot-password" data-testid="reset-ask-again">
                Ask for a new one
              </ButtonLink>,
              <ButtonLink key="sign-in" to="/login" data-testid="reset-invalid-sign-in">
                Sign in
              </ButtonLink>,
            ]}
          />
        </Card>
      </div>
    );
  }

  if (check.status !== 'succeeded' && check.status !== 'failed') return <PageLoading />;

  if (outcome === 'done') {
    return (
      <div className="page page--narrow" data-testid="reset-done">
        <Card>
          <Result
            status="success"
            style={{ padding: '24px 0' }}
            title={
              <Typography.Title level={1} style={{ fontSize: '1.5rem', margin: 0 }}>
                Your password is changed
              </Typography.Title>
            }
            subTitle="Every device was signed out. Sign in with your new password."
            extra={
              <Button type="primary" onClick={() => void navigate('/login')} data-testid="reset-sign-in">
                Sign in
              </Button>
            }
          />
        </Card>
      </div>
    );
  }

  return (
    <div className="page page--narrow">
      <Card>
        <Typography.Title level={1} style={{ fontSize: '1.5rem', marginTop: 0 }}>
          Choose a new password
        </Typography.Title>
        {signedInAs && (
          <Alert
            type="info"
            showIcon
            title={`This browser is signed in as ${signedInAs}.`}
            description="Changing the password signs it out, so you can then sign in with the new password."
            style={{ marginBottom: 16 }}
            data-testid="reset-signed-in"
          />
        )}
        {error && (
          <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="reset-error" />
        )}
        <Form<ResetForm>
          scrollToFirstError={SCROLL_TO_FIRST_ERROR}
          layout="vertical"
          requiredMark={false}
          disabled={isSaving}
          onFinish={save}
        >
          <Form.Item
            label="New password"
            name="newPassword"
            rules={newPasswordRules('Choose a new password.')}
          >
            <Input.Password size="large" autoComplete="new-password" data-testid="reset-password" />
          </Form.Item>
          <Form.Item
            label="Confirm new password"
            name="confirmPassword"
            dependencies={['newPassword']}
            rules={confirmPasswordRules('newPassword', 'Type the new password again.')}
          >
            <Input.Password size="large" autoComplete="new-password" data-testid="reset-confirm" />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            size="large"
            block
            loading={isSaving}
            data-testid="reset-submit"
          >
            Change password
          </Button>
        </Form>
        <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
          <Link to="/login">Back to sign in</Link>
        </Typography.Paragraph>
      </Card>
    </div>
  );
}
