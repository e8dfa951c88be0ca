import { Card, Descriptions, Empty, List, Skeleton, Tag, Typography } from 'antd';
import type { LoginDetail, LoginEvent } from '@storefront/contract/account';
import type { RemoteData } from '../../../lib/use-remote-data';
import { LoadFailed } from '../../../components/load-failed';
import { describeUserAgent } from '../describe-user-agent';
import { formatDateTime } from '../../../lib/date-time';
import { CardHeading } from './card-heading';

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
              // Not List.Item.Meta: its title is an h4, a heading per sign-in skipping h3 under the card's h2.
              <List.Item>
                <div style={{ flex: 1, minWidth: 0 }}>
                  <div style={{ marginBottom: 4 }}>
                    {formatDateTime(event.at)} <Tag color="magenta">{methodLabels[event.method]}</Tag>
                  </div>
                  <Typography.Text
                    type="secondary"
                    // The whole of it, on another line if need be (a long IPv6 address, a larger text size).
                    style={{ overflowWrap: 'anywhere' }}
                    title={event.userAgent || undefined}
                    data-testid="login-history-device"
                  >
                    {event.ip} · {describeUserAgent(event.userAgent)}
                  </Typography.Text>
                </div>
              </List.Item>
            )}
          />
        )}
      </>
    );
  };

  return <Card title={<CardHeading>Recent sign-ins</CardHeading>}>{body()}</Card>;
}
