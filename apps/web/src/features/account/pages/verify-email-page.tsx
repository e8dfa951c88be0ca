import { Button, Card, Result, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { readErrorMessage } from '../../../lib/http/error-message';
import { hasSession } from '../../../lib/http/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { verifyEmail } from '../api';
import { readLinkToken } from '../mail-link';

type Outcome =
  { kind: 'checking' } | { kind: 'verified'; email: string } | { kind: 'failed'; message: string };

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
    token
      ? { kind: 'checking' }
      : { kind: 'failed', message: 'This link is incomplete: some email apps cut long links short.' },
  );

  useEffect(() => {
    if (!token) return;
    let isCurrent = true;
    verifyEmail({ token })
      .then(({ email }) => isCurrent && setOutcome({ kind: 'verified', email }))
      .catch((err: unknown) => isCurrent && setOutcome({ kind: 'failed', message: readErrorMessage(err) }));
    return () => {
      isCurrent = false;
    };
  }, [token]);

  const next = hasSession() ? '/account/profile' : '/login';
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
            extra={
              <Button type="primary" onClick={() => void navigate(next)} data-testid="verify-continue">
                {hasSession() ? 'Back to your account' : 'Sign in'}
              </Button>
            }
            data-testid="verify-done"
          />
        )}
        {outcome.kind === 'failed' && (
          <Result
            status="warning"
            style={{ padding: '24px 0' }}
            title={<Heading>This link did not confirm your address</Heading>}
            subTitle={`${outcome.message} You can send a new link from your account.`}
            extra={
              <Button
                type="primary"
                onClick={() => void navigate('/account/profile')}
                data-testid="verify-account"
              >
                Go to your account
              </Button>
            }
            data-testid="verify-failed"
          />
        )}
      </Card>
    </div>
  );
}
