import { Card, Descriptions, Empty, List, Skeleton, Tag, Typography } from 'antd';
import type { LoginDetail, LoginEvent } from '@storefront/contract/account';
import type { RemoteData } from '../../../lib/use-remote-data';
import { LoadFailed } from '../../../components/load-failed';
import { describeUserAgent } from '../describe-user-agent';
import { formatDateTime } from '../../../lib/date-time';

const methodLabels: Record<LoginEvent['method'], string> = {
  password: 'Password',
  google: 'Google',
  register: 'Account created',
};

/** The sign-in detail is read once by the page: the password card asks it too, whether there is a password. */
export function LoginHistoryCard({ detail }: { detail: RemoteData<LoginDetail> }) {
  const body = () => {
    if (detail.status === 'failed' && !detail.data) {
      return (
        <LoadFailed
          title="Sign-in history could not be loaded"
          error={detail.error}
          onRetry={detail.reload}
          testId="login-history-error"
        />
      );
    }
    if (!detail.data) return <Skeleton active paragraph={{ rows: 4 }} />;
    const { data } = detail;
    return (
      <>
        <Descriptions column={1} size="small" style={{ marginBottom: 12 }}>
          <Descriptions.Item label="Signs in with">
            {data.hasPassword && <Tag>Password</Tag>}
            {data.hasGoogle && <Tag>Google</Tag>}
          </Descriptions.Item>
        </Descriptions>
        {data.recent.length === 0 ? (
          <Empty description="No sign-ins yet." />
        ) : (
          <List
            size="small"
            dataSource={data.recent}
            data-testid="login-history"
            renderItem={(event) => (
              <List.Item>
                <List.Item.Meta
                  title={
                    <span>
                      {formatDateTime(event.at)} <Tag color="magenta">{methodLabels[event.method]}</Tag>
                    </span>
                  }
                  description={
                    <Typography.Text
                      type="secondary"
                      // The whole of it, on another line if need be (a long IPv6 address, a larger text size).
                      style={{ overflowWrap: 'anywhere' }}
                      title={event.userAgent || undefined}
                      data-testid="login-history-device"
                    >
                      {event.ip} · {describeUserAgent(event.userAgent)}
                    </Typography.Text>
                  }
                />
              </List.Item>
            )}
          />
        )}
      </>
    );
  };

  return <Card title="Recent sign-ins">{body()}</Card>;
}
