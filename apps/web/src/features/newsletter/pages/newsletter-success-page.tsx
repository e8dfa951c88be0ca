import { Button, Result, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRemoteData } from '../../../lib/use-remote-data';
import { retrieveSubscribeSuccess } from '../api';

export function NewsletterSuccessPage() {
  useDocumentTitle("You're subscribed");
  const success = useRemoteData(retrieveSubscribeSuccess);

  if (success.status === 'failed' && !success.data) {
    return (
      <LoadFailed
        title="You're subscribed"
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
        <Link to="/" key="home">
          <Button type="primary">Keep shopping</Button>
        </Link>,
      ]}
    />
  );
}
