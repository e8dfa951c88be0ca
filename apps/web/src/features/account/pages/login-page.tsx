import type { LoginBody } from '@storefront/contract/account';
import { Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { preloadRouteCode } from '../../../lib/route-code';
import { EyeIcon, EyeInvisibleIcon } from '../../../components/form-icons';
import { lazyWithRetry, PartLoadBoundary } from '../../../components/lazy-with-retry';
import { errorCatalogue } from '@storefront/contract/errors';
import { checkEmail } from '../../../lib/check-email';
import { refusalSaying, type Refusal } from '../../../lib/form-refusal';
import { forgetSessionEnded, hasSession, readSessionEnded, type SessionEnd } from '../../../lib/http/session';
import { readRuntimeConfig } from '../../../lib/runtime-config';
import { prepareToasts } from '../../../lib/toast';
import { resolveSafeRedirect } from '../../../lib/safe-redirect';
import { readSignInAsked, type SignInAsked } from '../../../lib/sign-in-asked';
import { DisabledAccountHelp } from '../components/disabled-account-help';
import { loginWithGoogle, loginWithPassword } from '../user-info-slice';
import { useDocumentTitle } from '../../../lib/use-document-title';

const GoogleSignInButton = lazyWithRetry(() =>
  import('../components/google-sign-in-button').then((m) => m.GoogleSignInButton),
);

type FieldErrors = { email?: string | null; password?: string | null };

const emailMessages = { missing: 'Enter your email address.', invalid: 'Enter a valid email address.' };

/** What a failed sign-in rejected with: the server's refusal, or a message for anything else. */
function refusalOf(err: unknown): Refusal {
  const message: unknown = typeof err === 'object' && err !== null ? Reflect.get(err, 'message') : undefined;
  const code: unknown = typeof err === 'object' && err !== null ? Reflect.get(err, 'code') : undefined;
  if (typeof message === 'string' && (typeof code === 'number' || code === null)) {
    return { message, code, fields: [] };
  }
  return refusalSaying('Sign-in failed. Please try again.');
}

const sessionEndNotices: Record<SessionEnd, string> = {
  refused: 'Your session has ended. Please sign in again.',
  'other-tab': 'You signed out in another tab.',
};

/** Why a page for signed-in customers sent the visitor here (the cart's items: the guest cart, merged on sign-in). */
const askedLeads: Record<SignInAsked, string> = {
  'cart-with-items': 'Sign in to see your cart — the items you added are kept.',
  cart: 'Sign in to see your cart.',
  account: 'Sign in to continue to your account.',
};

function checkFields(values: LoginBody): FieldErrors {
  return {
    email: checkEmail(values.email, emailMessages),
    password: values.password ? null : 'Enter your password.',
  };
}

/**
 * Sign-in is where most visits start, so it is plain markup styled like the rest of the store: it paints without
 * waiting for Ant Design (bench/README.md, bundle size).
 */
export function LoginPage() {
  useDocumentTitle('Sign in');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirect = resolveSafeRedirect(searchParams.get('redirect'));
  const [values, setValues] = useState<LoginBody>({ email: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [isPasswordShown, setIsPasswordShown] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const refusalNotice = useRef<HTMLDivElement>(null);
  const { googleClientId } = readRuntimeConfig();
  // Said once: a later visit to the sign-in page is not about this session.
  const [sessionEnd] = useState(readSessionEnded);
  const asked = readSignInAsked(useLocation().state);
  useEffect(() => forgetSessionEnded(), []);
  // The fields were disabled while the request was out, which took the focus from them to the top of the page: the
  // notice saying why the sign-in failed takes it, as a refused form's message does (useFormRefusal).
  useEffect(() => {
    if (refusal) refusalNotice.current?.focus();
  }, [refusal]);

  if (hasSession() && !isSubmitting) return <Navigate to={redirect} replace />;

  const finish = async (attempt: () => Promise<unknown>) => {
    preloadRouteCode(new URL(redirect, window.location.origin).pathname);
    setIsSubmitting(true);
    setRefusal(null);
    try {
      await attempt();
      void navigate(redirect, { replace: true });
    } catch (err) {
      setRefusal(refusalOf(err));
      setIsSubmitting(false);
    }
  };

  const change = (field: keyof LoginBody, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Like Ant Design's forms: a field that shows an error is checked again as it is corrected.
    if (fieldErrors[field]) setFieldErrors({ ...fieldErrors, [field]: checkFields(next)[field] });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = checkFields(values);
    setFieldErrors(errors);
    if (errors.email || errors.password) return;
    void finish(() => dispatch(loginWithPassword({ ...values, email: values.email.trim() })).unwrap());
  };
  const submitGoogle = (idToken: string) => finish(() => dispatch(loginWithGoogle({ idToken })).unwrap());

  return (
    <div className="page page--narrow">
      <section className="panel">
        <h1 className="panel__heading">Sign in</h1>
        <p className="panel__lead" data-testid="login-lead">
          {asked ? askedLeads[asked] : 'Welcome back to Harbour Grocer.'}
        </p>
        {sessionEnd && (
          <div className="notice notice--info" role="status" data-testid="login-session-ended">
            {sessionEndNotices[sessionEnd]}
          </div>
        )}
        {refusal && (
          <div
            className="form-alert"
            role="alert"
            ref={refusalNotice}
            tabIndex={-1}
            data-testid="login-error"
          >
            {refusal.message}
            {refusal.code === errorCatalogue.ACCOUNT_DISABLED.code && (
              <DisabledAccountHelp email={values.email.trim()} />
            )}
          </div>
        )}
        <form onSubmit={submit} onFocus={prepareToasts} noValidate>
          <fieldset className="form-fieldset" disabled={isSubmitting}>
            <div className="form-field">
              <label htmlFor="login-email">Email</label>
              <input
                id="login-email"
                className="form-input"
                inputMode="email"
                autoComplete="email"
                value={values.email}
                onChange={(e) => change('email', e.target.value)}
                aria-invalid={Boolean(fieldErrors.email)}
                aria-describedby={fieldErrors.email ? 'login-email-error' : undefined}
                data-testid="login-email"
              />
              {fieldErrors.email && (
                <div id="login-email-error" className="form-field__error">
                  {fieldErrors.email}
                </div>
              )}
            </div>
            <div className="form-field">
              <label htmlFor="login-password">Password</label>
              <div className="form-input form-input--affix">
                <input
                  id="login-password"
                  type={isPasswordShown ? 'text' : 'password'}
                  autoComplete="current-password"
                  value={values.password}
                  onChange={(e) => change('password', e.target.value)}
                  aria-invalid={Boolean(fieldErrors.password)}
                  aria-describedby={fieldErrors.password ? 'login-password-error' : undefined}
                  data-testid="login-password"
                />
                <button
                  type="button"
                  className="form-input__toggle"
                  aria-label={isPasswordShown ? 'Hide password' : 'Show password'}
                  aria-pressed={isPasswordShown}
                  onClick={() => setIsPasswordShown(!isPasswordShown)}
                >
                  {isPasswordShown ? <EyeIcon /> : <EyeInvisibleIcon />}
                </button>
              </div>
              {fieldErrors.password && (
                <div id="login-password-error" className="form-field__error">
                  {fieldErrors.password}
                </div>
              )}
              <p className="form-field__aside">
                <Link to="/forgot-password" data-testid="forgot-password-link">
                  Forgot password?
                </Link>
              </p>
            </div>
            <button
              type="submit"
              className="shell-button shell-button--primary shell-button--large shell-button--block"
              disabled={isSubmitting}
              aria-busy={isSubmitting}
              data-testid="login-submit"
            >
              {isSubmitting && <span className="shell-spinner" aria-hidden="true" />}
              Sign in
            </button>
          </fieldset>
        </form>
        {googleClientId && (
          <>
            <div className="divider divider--text">or</div>
            <PartLoadBoundary name="Google sign-in" testId="google-load-failed" isRetriedWhenOnline>
              <Suspense fallback={<div className="google-placeholder" />}>
                <GoogleSignInButton
                  clientId={googleClientId}
                  onCredential={(token) => void submitGoogle(token)}
                />
              </Suspense>
            </PartLoadBoundary>
          </>
        )}
        <hr className="divider" />
        <p className="panel__foot">
          New here?{' '}
          <Link to={`/register?redirect=${encodeURIComponent(redirect)}`} data-testid="register-link">
            Create an account
          </Link>
        </p>
      </section>
    </div>
  );
}
