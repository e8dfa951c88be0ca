import { Alert, Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { readErrorMessage } from '../../../lib/http/error-message';
import { askForResetLink } from '../api';
import { CardHeading } from './card-heading';

/**
 * An account made with Google has no password, so there is no current one to change: the customer chooses one with
 * the link a forgotten password gets, mailed to the account's address (which Google proved).
 */
export function ChoosePasswordCard({ email }: { email: string | null }) {
  const [isSending, setIsSending] = useState(false);
  const [isSent, setIsSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async () => {
    if (!email) return;
    setIsSending(true);
    setError(null);
    try {
      await askForResetLink({ email });
      setIsSent(true);
    } catch (err) {
      setError(readErrorMessage(err));
    } finally {
      setIsSending(false);
    }
  };

  return (
    <Card
      title={<CardHeading>Choose a password</CardHeading>}
      style={{ marginBottom: 16 }}
      data-testid="choose-password"
    >
      <Typography.Paragraph style={{ maxWidth: 560 }}>
        You sign in with Google, so your account has no password. To sign in with a password as well, we mail
        you a link to choose one. Choosing it signs you out on every device; then sign in with Google or the
        new password.
      </Typography.Paragraph>
      {error && (
        <Alert
          type="error"
          showIcon
          title={error}
          style={{ marginBottom: 16 }}
          data-testid="choose-password-error"
        />
      )}
      {isSent ? (
        <Alert
          type="success"
          showIcon
          title={`We sent the link to ${email ?? 'your address'}. It works for 30 minutes.`}
          data-testid="choose-password-sent"
        />
      ) : (
        <Button
          type="primary"
          loading={isSending}
          disabled={!email}
          onClick={() => void send()}
          data-testid="choose-password-send"
        >
          Mail me the link
        </Button>
      )}
    </Card>
  );
}
