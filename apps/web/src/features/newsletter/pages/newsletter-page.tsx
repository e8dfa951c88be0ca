import { MailOutlined } from '@ant-design/icons';
import { Button, Card, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { LoadFailed } from '../../../components/load-failed';
import { formatDay } from '../../../lib/date-time';
import { readErrorMessage } from '../../../lib/http/error-message';
import { useRemoteData } from '../../../lib/use-remote-data';
import { checkSubscribed, retrieveNewsletterInfo, subscribeNewsletter, unsubscribeNewsletter } from '../api';
import { toast } from '../../../lib/toast';

export function NewsletterPage() {
  const info = useRemoteData(retrieveNewsletterInfo);
  const [isSaving, setIsSaving] = useState(false);
  const shown = info.data?.subscribed;
  const reload = info.reload;

  // Back on this tab, ask whether that is still so: a newsletter's unsubscribe link or another tab may have changed it.
  useEffect(() => {
    if (shown === undefined) return;
    // Coming back to the tab fires both events: one question is enough.
    let isAsking = false;
    const recheck = () => {
      if (document.visibilityState !== 'visible' || isAsking) return;
      isAsking = true;
      checkSubscribed()
        .then(({ subscribed }) => {
          if (subscribed !== shown) reload();
        })
        .catch(() => undefined)
        .finally(() => {
          isAsking = false;
        });
    };
    window.addEventListener('focus', recheck);
    document.addEventListener('visibilitychange', recheck);
    return () => {
      window.removeEventListener('focus', recheck);
      document.removeEventListener('visibilitychange', recheck);
    };
  }, [shown, reload]);

  const toggle = async (subscribe: boolean) => {
    setIsSaving(true);
    try {
      await (subscribe ? subscribeNewsletter() : unsubscribeNewsletter());
      toast.success(subscribe ? 'You are subscribed to the newsletter.' : 'You are unsubscribed.');
      info.reload();
    } catch (err) {
      toast.error(readErrorMessage(err));
    } finally {
      setIsSaving(false);
    }
  };

  if (info.status === 'failed' && !info.data) {
    return (
      <LoadFailed
        title="Your newsletter settings could not be loaded"
        error={info.error}
        onRetry={info.reload}
        testId="newsletter-error"
      />
    );
  }
  if (!info.data) return <Skeleton active paragraph={{ rows: 4 }} data-testid="newsletter-loading" />;

  const { email, subscribed, subscribedAt, unsubscribedAt } = info.data;
  return (
    <Card data-testid="newsletter-page">
      <Space direction="vertical" size="middle">
        <Space wrap>
          <MailOutlined />
          <Typography.Text strong>{email}</Typography.Text>
          {subscribed ? (
            <Tag color="green" data-testid="newsletter-status">
              Subscribed
            </Tag>
          ) : (
            <Tag data-testid="newsletter-status">Not subscribed</Tag>
          )}
        </Space>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {subscribed && subscribedAt
            ? `This week's specials every Thursday morning, since ${formatDay(subscribedAt)}.`
            : unsubscribedAt
              ? `You unsubscribed on ${formatDay(unsubscribedAt)}. You can come back any time.`
              : "Get this week's specials every Thursday morning."}
        </Typography.Paragraph>
        {subscribed ? (
          <Button onClick={() => void toggle(false)} loading={isSaving} data-testid="newsletter-unsubscribe">
            Unsubscribe
          </Button>
        ) : (
          <Button
            type="primary"
            onClick={() => void toggle(true)}
            loading={isSaving}
            data-testid="newsletter-subscribe"
          >
            Subscribe
          </Button>
        )}
      </Space>
    </Card>
  );
}
