import { Button, Card, Result, Spin, Typography } from 'antd';
import { errorCatalogue } from '@storefront/contract/errors';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { readErrorCode, readErrorMessage } from '../../../lib/http/error-message';
import { hasSession, readEmail } from '../../../lib/http/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { verifyEmail } from '../api';
import { readLinkToken } from '../mail-link';

type Outcome =
  | { kind: 'checking' }
  | { kind: 'verified'; email: string }
  | { kind: 'already-verified' }
  | { kind: 'spent' }
  | { kind: 'failed'; message: string };

const INCOMPLETE_LINK =
  'This link is incomplete: some email apps cut long links short. You can send a new link from your account.';

/**
 * The API tells a used or expired link whose address is confirmed by now (`EMAIL_ALREADY_VERIFIED`) from one whose
 * address is not. The account signed in here is not asked: it may be someone else's than the link's.
 */
async function confirmAddress(token: string): Promise<Outcome> {
  try {
    const { email } = await verifyEmail({ token });
    return { kind: 'verified', email };
  } catch (err) {
    const code = readErrorCode(err);
    if (code === errorCatalogue.EMAIL_ALREADY_VERIFIED.code) return { kind: 'already-verified' };
    if (code === errorCatalogue.VERIFY_LINK_INVALID.code) return { kind: 'spent' };
    return { kind: 'failed', message: readErrorMessage(err) };
  }
}

/** The address of the customer this browser is signed in as, when it is not the one the link confirmed. */
function otherCustomerSignedIn(confirmed: string): string | null {
  const signedInAs = hasSession() ? readEmail() : null;
  return signedInAs && signedInAs.toLowerCase() !== confirmed.toLowerCase() ? signedInAs : null;
}

function Heading({ children }: { children: string }) {
  return (
    <Typography.Title level={1} style={{ fontSize: '1.5rem', margin: 0 }}>
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

  // A failure on our side or the network's leaves the link unused: "Try again" sends it once more.
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token) return;
    let isCurrent = true;
    void confirmAddress(token).then((next) => isCurrent && setOutcome(next));
    return () => {
      isCurrent = false;
    };
  }, [token, attempt]);

  const tryAgain = () => {
    setOutcome({ kind: 'checking' });
    setAttempt((n) => n + 1);
  };

  const isSignedIn = hasSession();
  const otherCustomer = outcome.kind === 'verified' ? otherCustomerSignedIn(outcome.email) : null;
  const [next, nextLabel] = otherCustomer
    ? ['/', 'Continue shopping']
    : isSignedIn
      ? ['/account/profile', 'Back to your account']
      : ['/login', 'Sign in'];
  const continueButton = (
    <Button type="primary" onClick={() => void navigate(next)} data-testid="verify-continue">
      {nextLabel}
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
            subTitle={
              `Thanks: order confirmations and password resets go to ${outcome.email}.` +
              (otherCustomer ? ` This browser is signed in as ${otherCustomer}, another account.` : '')
            }
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
            subTitle="A link works once, for 48 hours, and only the newest one we sent. To confirm your address, send a new link from your account and open it."
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
            extra={
              token ? (
                <Button type="primary" onClick={tryAgain} data-testid="verify-retry">
                  Try again
                </Button>
              ) : (
                accountButton
              )
            }
            data-testid="verify-failed"
          />
        )}
      </Card>
    </div>
  );
}
