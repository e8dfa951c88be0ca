import { Button, Card, Divider, Form, Input, Typography } from 'antd';
import type { RegisterBody } from '@storefront/contract/account';
import { errorCatalogue } from '@storefront/contract/errors';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { preloadRouteCode } from '../../../lib/route-code';
import { resolveSafeRedirect } from '../../../lib/safe-redirect';
import { DEFAULT_POST_CODE, registerAccount } from '../user-info-slice';
import {
  confirmPasswordRules,
  emailRules,
  lastNameRules,
  nameRules,
  newPasswordRules,
  SCROLL_TO_FIRST_ERROR,
} from '../../../lib/form-rules';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { refusalSaying, type FieldsByCode } from '../../../lib/form-refusal';
import { useFormRefusal } from '../../../lib/use-form-refusal';
import { RefusalAlert } from '../../../components/refusal-alert';
import { HomeSuburbField } from '../components/home-suburb-field';

type RegisterForm = RegisterBody & { confirmPassword: string };

const FIELDS_BY_CODE: FieldsByCode = {
  [errorCatalogue.EMAIL_TAKEN.code]: ['email'],
  [errorCatalogue.UNKNOWN_POSTCODE.code]: ['suburb'],
};

export function RegisterPage() {
  useDocumentTitle('Create an account');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirect = resolveSafeRedirect(searchParams.get('redirect'));
  const [form] = Form.useForm<RegisterForm>();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const { refusalMessage, messageRef, showRefusal, clearRefusal } = useFormRefusal(form, FIELDS_BY_CODE);
  // The address has an account: most often the customer's own, forgotten. Said until the email is changed.
  const [isEmailTaken, setIsEmailTaken] = useState(false);

  const destination = redirect === '/' ? '/account/profile' : redirect;

  const submit = async ({ email, password, firstName, lastName, postCode, suburb }: RegisterForm) => {
    preloadRouteCode(new URL(destination, window.location.origin).pathname);
    setIsSubmitting(true);
    clearRefusal();
    // The postcode comes only with a suburb picked from the search: without one the store's default applies.
    const home = postCode && suburb?.trim() ? { postCode, suburb: suburb.trim() } : {};
    // A field never typed in is undefined: a customer with one name sends the last name empty.
    const result = await dispatch(
      registerAccount({ email, password, firstName, lastName: lastName ?? '', ...home }),
    );
    if (registerAccount.fulfilled.match(result)) {
      void navigate(destination, { replace: true });
      return;
    }
    const refusal = result.payload ?? refusalSaying('Registration failed. Please try again.');
    showRefusal(refusal);
    setIsEmailTaken(refusal.code === errorCatalogue.EMAIL_TAKEN.code);
    setIsSubmitting(false);
  };

  return (
    <div className="page page--narrow">
      <Card>
        <Typography.Title level={1} style={{ marginTop: 0, fontSize: '1.5rem' }}>
          Create your account
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          Save your details, track orders and earn credit.
        </Typography.Paragraph>
        <RefusalAlert message={refusalMessage} messageRef={messageRef} testId="register-error" />
        <Form<RegisterForm>
          form={form}
          scrollToFirstError={SCROLL_TO_FIRST_ERROR}
          layout="vertical"
          onFinish={submit}
          onValuesChange={(changed: Partial<RegisterForm>) => {
            if (changed.email !== undefined) setIsEmailTaken(false);
          }}
          requiredMark={false}
          disabled={isSubmitting}
        >
          <Form.Item label="First name" name="firstName" rules={nameRules('your first name')}>
            <Input size="large" autoComplete="given-name" data-testid="register-first-name" />
          </Form.Item>
          <Form.Item label="Last name (if you have one)" name="lastName" rules={lastNameRules}>
            <Input size="large" autoComplete="family-name" data-testid="register-last-name" />
          </Form.Item>
          <Form.Item label="Email" name="email" rules={emailRules}>
            <Input size="large" inputMode="email" autoComplete="email" data-testid="register-email" />
          </Form.Item>
          {isEmailTaken && (
            <Typography.Paragraph style={{ marginTop: -12 }} data-testid="register-email-taken">
              Is it yours? <Link to={`/login?redirect=${encodeURIComponent(redirect)}`}>Sign in</Link>, or{' '}
              <Link to="/forgot-password">reset the password</Link> if you have forgotten it.
            </Typography.Paragraph>
          )}
          <Form.Item label="Password" name="password" rules={newPasswordRules('Choose a password.')}>
            <Input.Password size="large" autoComplete="new-password" data-testid="register-password" />
          </Form.Item>
          <Form.Item
            label="Confirm password"
            name="confirmPassword"
            dependencies={['password']}
            rules={confirmPasswordRules('password', 'Type the password again.')}
          >
            <Input.Password
              size="large"
              autoComplete="new-password"
              data-testid="register-confirm-password"
            />
          </Form.Item>
          <HomeSuburbField
            label="Home suburb (optional)"
            testId="register-suburb"
            size="large"
            isOptional
            hint={(postCode) =>
              postCode
                ? `Postcode ${postCode}: delivery prices are worked out to it.`
                : `Type your suburb or postcode and pick it from the list: delivery prices are worked out to it. Leave it empty and we use Sydney NSW ${DEFAULT_POST_CODE} until you set it in your profile.`
            }
          />
          <Button
            type="primary"
            htmlType="submit"
            block
            size="large"
            loading={isSubmitting}
            data-testid="register-submit"
          >
            Create account
          </Button>
        </Form>
        <Divider />
        <Typography.Paragraph style={{ marginBottom: 0, textAlign: 'center' }}>
          Already have an account?{' '}
          <Link to={`/login?redirect=${encodeURIComponent(redirect)}`} data-testid="login-link">
            Sign in
          </Link>
        </Typography.Paragraph>
      </Card>
    </div>
  );
}
