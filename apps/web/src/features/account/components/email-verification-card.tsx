import { Alert, Button } from 'antd';
import { useCallback, useState } from 'react';
import { readErrorMessage } from '../../../lib/http/error-message';
import { useRemoteData } from '../../../lib/use-remote-data';
import { retrieveCustomerStatus } from '../api';
import { resendVerification } from '../api';

/** Asks a customer whose address is not confirmed yet to open the mailed link, and sends it again on request. */
export function EmailVerificationCard() {
  const load = useCallback(() => retrieveCustomerStatus(), []);
  const status = useRemoteData(load);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);

  if (!status.data || status.data.emailVerified) return null;

  const resend = async () => {
    setIsSending(true);
    setError(null);
    try {
      setSentTo((await resendVerification()).email);
    } catch (err) {
      setError(readErrorMessage(err));
    } finally {
      setIsSending(false);
    }
  };

  return (
    <Alert
      type={error ? 'error' : 'warning'}
      showIcon
      className="verify-banner"
      style={{ marginBottom: 16 }}
      title="Please confirm your email address"
      description={
        error ??
        (sentTo
          ? `We sent a new link to ${sentTo}. Open it to confirm the address.`
          : 'We mailed you a link when you signed up. Confirm your address so order confirmations and password resets reach you.')
      }
      action={
        <Button size="small" loading={isSending} onClick={() => void resend()} data-testid="verify-resend">
          Send the link again
        </Button>
      }
      data-testid="verify-banner"
    />
  );
}
