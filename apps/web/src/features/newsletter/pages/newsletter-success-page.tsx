import { Result, Skeleton, Typography } from 'antd';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRemoteData } from '../../../lib/use-remote-data';
import { confirmSubscription, retrieveSubscribeSuccess } from '../api';
import { ButtonLink } from '../../../components/button-link';

/**
 * After subscribing; also where a signed-out subscriber's confirmation link lands (`?email=…&token=…`), which
 * subscribes the address before the page says so.
 */
export function NewsletterSuccessPage() {
  useDocumentTitle("You're subscribed");
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email');
  const token = searchParams.get('token');
  const load = useCallback(async () => {
    if (email && token) await confirmSubscription({ email, token });
    return retrieveSubscribeSuccess();
  }, [email, token]);
  const success = useRemoteData(load);

  if (success.status === 'failed' && !success.data) {
    return (
      <LoadFailed
        title={email && token ? 'Your subscription could not be confirmed' : "You're subscribed"}
        error={success.error}
        onRetry={success.reload}
        testId="newsletter-success-error"
      />
    );
  }
  if (!success.data) return <Skeleton active className="page" />;
  const { title, message, couponCode } = success.data;
  return (
    <Result
      status="success"
      title={
        <h1 className="result__title" data-testid="newsletter-success-title">
          {title}
        </h1>
      }
      subTitle={message}
      extra={[
        couponCode && (
          <Typography.Paragraph key="code" copyable={{ text: couponCode }}>
            Your code:{' '}
            <Typography.Text code data-testid="newsletter-success-code">
              {couponCode}
            </Typography.Text>
          </Typography.Paragraph>
        ),
        <ButtonLink to="/" key="home" type="primary">
          Keep shopping
        </ButtonLink>,
      ]}
    />
  );
}
