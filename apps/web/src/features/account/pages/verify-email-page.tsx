import { Button, Card, Result, Spin, Typography } from 'antd';
import { errorCatalogue } from '@storefront/contract/errors';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { readErrorCode, readErrorMessage } from '../../../lib/http/error-message';
import { hasSession } from '../../../lib/http/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { retrieveCustomerStatus, verifyEmail } from '../api';
import { readLinkToken } from '../mail-link';

type Outcome =
  | { kind: 'checking' }
  | { kind: 'verified'; email: string }
  | { kind: 'already-verified' }
  /** Used or expired; `isUnverified` when the signed-in customer's address is known to be still unconfirmed. */
  | { kind: 'spent'; isUnverified: boolean }
  | { kind: 'failed'; message: string };

const INCOMPLETE_LINK =
  'This link is incomplete: some email apps cut long links short. You can send a new link from your account.';

/**
 * A used link is refused whether or not its address was confirmed by it (opened twice, or from a second device); only
 * the account can tell, so a signed-in customer's status is read to say which.
 */
async function confirmAddress(token: string): Promise<Outcome> {
  try {
    const { email } = await verifyEmail({ token });
    return { kind: 'verified', email };
  } catch (err) {
    const code = readErrorCode(err);
    if (code === errorCatalogue.EMAIL_ALREADY_VERIFIED.code) return { kind: 'already-verified' };
    if (code !== errorCatalogue.VERIFY_LINK_INVALID.code)
      return { kind: 'failed', message: readErrorMessage(err) };
    const isVerified = hasSession() ? await readIsVerified() : null;
    if (isVerified) return { kind: 'already-verified' };
    return { kind: 'spent', isUnverified: isVerified === false };
  }
}

/** Whether the signed-in customer's address is confirmed, or null when the account cannot be asked. */
async function readIsVerified(): Promise<boolean | null> {
  try {
    return (await retrieveCustomerStatus()).emailVerified;
  } catch {
    return null;
  }
}

function Heading({ children }: { children: string }) {
  return (
    <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
      {children}
    </Typography.Title>
  );
}

/** The page a verification link opens: it confirms the address at once, signed in or not. */
export function VerifyEmailPage() {
  useDocumentTitle('Confirm your email address');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = readLinkToken(searchParams);
  const [outcome, setOutcome] = useState<Outcome>(
    token ? { kind: 'checking' } : { kind: 'failed', message: INCOMPLETE_LINK },
  );

  useEffect(() => {
    if (!token) return;
    let isCurrent = true;
    void confirmAddress(token).then((next) => isCurrent && setOutcome(next));
    return () => {
      isCurrent = false;
    };
  }, [token]);

  const isSignedIn = hasSession();
  const next = isSignedIn ? '/account/profile' : '/login';
  const continueButton = (
    <Button type="primary" onClick={() => void navigate(next)} data-testid="verify-continue">
      {isSignedIn ? 'Back to your account' : 'Sign in'}
    </Button>
  );
  const accountButton = (
    <Button type="primary" onClick={() => void navigate('/account/profile')} data-testid="verify-account">
      {isSignedIn ? 'Go to your account' : 'Sign in'}
    </Button>
  );
  return (
    <div className="page page--narrow">
      <Card>
        {outcome.kind === 'checking' && (
          <div style={{ padding: '24px 0', textAlign: 'center' }} data-testid="verify-checking">
            <Heading>Confirming your email address</Heading>
            <Spin style={{ marginTop: 24 }} />
          </div>
        )}
        {outcome.kind === 'verified' && (
          <Result
            status="success"
            style={{ padding: '24px 0' }}
            title={<Heading>Your email address is confirmed</Heading>}
            subTitle={`Thanks: order confirmations and password resets go to ${outcome.email}.`}
            extra={continueButton}
            data-testid="verify-done"
          />
        )}
        {outcome.kind === 'already-verified' && (
          <Result
            status="success"
            style={{ padding: '24px 0' }}
            title={<Heading>Your email address is already confirmed</Heading>}
            subTitle="This link was used before. There is nothing more to do."
            extra={continueButton}
            data-testid="verify-already"
          />
        )}
        {outcome.kind === 'spent' && (
          <Result
            status="warning"
            style={{ padding: '24px 0' }}
            title={<Heading>This link has expired or was already used</Heading>}
            subTitle={
              outcome.isUnverified
                ? 'Your address is not confirmed yet. Send a new link from your account and open the newest one.'
                : 'If you have confirmed your address already, there is nothing more to do. If not, send a new link from your account.'
            }
            extra={accountButton}
            data-testid="verify-spent"
          />
        )}
        {outcome.kind === 'failed' && (
          <Result
            status="warning"
            style={{ padding: '24px 0' }}
            title={<Heading>This link did not confirm your address</Heading>}
            subTitle={outcome.message}
            extra={accountButton}
            data-testid="verify-failed"
          />
        )}
      </Card>
    </div>
  );
}
