import { Alert, Button, Card, Form, Input, Typography, type InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorCatalogue } from '@storefront/contract/errors';
import { oneTimeCode, staffLoginBody, type StaffMe } from '@storefront/contract/staff';
import { homePathOf } from '../../../lib/access';
import { readErrorCode, readErrorMessage } from '../../../lib/http/api-error';
import { hasToken, takeSessionEnded } from '../../../lib/http/token-store';
import { normaliseOneTimeCode, schemaRule } from '../../../lib/form-rules';
import { appPathFromRedirect } from '../../../lib/safe-redirect';
import { useStaffSession } from '../../../lib/staff-session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { signInStaff } from '../api';

type Credentials = { email: string; password: string };
type CodeForm = { otp: string };

/** Why the sign-in page is shown, when another page sent the member here. */
export type LoginNotice = { signedOut?: boolean; passwordSet?: boolean };

function readNotice(state: unknown): LoginNotice {
  if (typeof state !== 'object' || state === null) return {};
  return {
    signedOut: Reflect.get(state, 'signedOut') === true,
    passwordSet: Reflect.get(state, 'passwordSet') === true,
  };
}

/**
 * Staff sign-in in one or two steps: email and password, then, for a member with two-factor on (the API answers
 * STAFF_OTP_REQUIRED once the password is right), a code from the app or a recovery code, sent with the same
 * email and password.
 */
export function LoginPage() {
  useDocumentTitle('Sign in');
  const { setMe } = useStaffSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [passwordForm] = Form.useForm<Credentials>();
  const [codeForm] = Form.useForm<CodeForm>();
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const [sessionEnded] = useState(takeSessionEnded);
  const [notice] = useState(() => readNotice(location.state));
  const refusalRef = useRef<HTMLDivElement>(null);
  const codeInput = useRef<InputRef>(null);

  // Signed out (or the session ended): nobody is signed in any more.
  useEffect(() => {
    if (!hasToken()) setMe(null);
  }, [setMe]);
  useEffect(() => {
    if (refusal) refusalRef.current?.focus();
  }, [refusal]);
  useEffect(() => {
    if (credentials) codeInput.current?.focus();
  }, [credentials]);

  if (hasToken() && !isSending) return <Navigate to="/" replace />;

  const finish = (me: StaffMe) => {
    setMe(me);
    const target = appPathFromRedirect(searchParams.get('redirect')) ?? homePathOf(me.role);
    void navigate(target, { replace: true });
  };

  const submitPassword = async ({ email, password }: Credentials) => {
    const sent = { email: email.trim(), password };
    setIsSending(true);
    setRefusal(null);
    try {
      finish(await signInStaff(sent));
    } catch (error) {
      setIsSending(false);
      if (readErrorCode(error) === errorCatalogue.STAFF_OTP_REQUIRED.code) {
        setCredentials(sent);
        return;
      }
      setRefusal(readErrorMessage(error));
    }
  };

  const submitCode = async ({ otp }: CodeForm) => {
    if (!credentials) return;
    setIsSending(true);
    setRefusal(null);
    try {
      finish(await signInStaff({ ...credentials, otp: normaliseOneTimeCode(otp) }));
    } catch (error) {
      setIsSending(false);
      const code = readErrorCode(error);
      if (code === errorCatalogue.STAFF_OTP_INVALID.code) {
        codeForm.setFields([{ name: 'otp', errors: [readErrorMessage(error)] }]);
        codeInput.current?.focus();
        return;
      }
      if (
        code === errorCatalogue.STAFF_WRONG_CREDENTIALS.code ||
        code === errorCatalogue.STAFF_DISABLED.code
      ) {
        setCredentials(null);
      }
      setRefusal(readErrorMessage(error));
    }
  };

  const startAgain = () => {
    setCredentials(null);
    setRefusal(null);
    codeForm.resetFields();
  };

  return (
    <Card className="auth-card">
      <Typography.Title level={1} className="auth-card__title">
        {credentials ? 'Two-factor sign-in' : 'Sign in to the back office'}
      </Typography.Title>
      {sessionEnded && !refusal && (
        <Alert
          type="info"
          showIcon
          title="Your session has ended. Please sign in again."
          style={{ marginBottom: 16 }}
          data-testid="login-session-ended"
        />
      )}
      {notice.signedOut && !refusal && !credentials && (
        <Alert
          type="success"
          showIcon
          title="You have signed out."
          style={{ marginBottom: 16 }}
          data-testid="login-signed-out"
        />
      )}
      {notice.passwordSet && !refusal && !credentials && (
        <Alert
          type="success"
          showIcon
          title="Your password is set. Sign in with it now."
          style={{ marginBottom: 16 }}
          data-testid="login-password-set"
        />
      )}
      {refusal && (
        <div ref={refusalRef} tabIndex={-1}>
          <Alert
            type="error"
            showIcon
            title={refusal}
            style={{ marginBottom: 16 }}
            data-testid="login-error"
          />
        </div>
      )}
      {credentials ? (
        <Form<CodeForm>
          key="code"
          form={codeForm}
          layout="vertical"
          requiredMark={false}
          disabled={isSending}
          onFinish={(values) => void submitCode(values)}
          data-testid="login-code-form"
        >
          <Typography.Paragraph>
            Enter the 6-digit code your authenticator app shows for the back office, or one of your recovery
            codes.
          </Typography.Paragraph>
          <Form.Item
            label="Code"
            name="otp"
            normalize={(value: unknown) => (typeof value === 'string' ? value.trimStart() : value)}
            rules={[
              { required: true, message: 'Enter the code from your app, or a recovery code.' },
              {
                validator: (_, value: unknown) =>
                  !value || oneTimeCode.safeParse(normaliseOneTimeCode(value)).success
                    ? Promise.resolve()
                    : Promise.reject(
                        new Error('Enter the 6 digits from the app, or a recovery code like abcde-12345.'),
                      ),
              },
            ]}
          >
            <Input
              ref={codeInput}
              autoComplete="one-time-code"
              spellCheck={false}
              maxLength={16}
              size="large"
              data-testid="login-otp"
            />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            block
            size="large"
            loading={isSending}
            data-testid="login-otp-submit"
          >
            Verify and sign in
          </Button>
          <Button type="link" block onClick={startAgain} style={{ marginTop: 8 }} data-testid="login-back">
            Sign in as someone else
          </Button>
        </Form>
      ) : (
        <Form<Credentials>
          key="password"
          form={passwordForm}
          layout="vertical"
          requiredMark={false}
          disabled={isSending}
          onFinish={(values) => void submitPassword(values)}
          data-testid="login-form"
        >
          <Form.Item
            label="Email"
            name="email"
            rules={[
              { required: true, whitespace: true, message: 'Enter your email address.' },
              schemaRule(staffLoginBody.shape.email, 'Email'),
            ]}
          >
            <Input type="email" autoComplete="username" size="large" data-testid="login-email" />
          </Form.Item>
          <Form.Item
            label="Password"
            name="password"
            rules={[{ required: true, message: 'Enter your password.' }]}
          >
            <Input.Password autoComplete="current-password" size="large" data-testid="login-password" />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            block
            size="large"
            loading={isSending}
            data-testid="login-submit"
          >
            Sign in
          </Button>
          <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
            New here, or forgot your password? Ask the shop owner to send you a link to set one.
          </Typography.Paragraph>
        </Form>
      )}
    </Card>
  );
}
