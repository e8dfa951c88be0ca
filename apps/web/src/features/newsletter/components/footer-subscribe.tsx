import { App, Button, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { readErrorMessage } from '../../../lib/http/error-message';
import { subscribeNewsletter } from '../api';

type Props = {
  /** The signed-in customer's email; signed out, the visitor types one. */
  accountEmail: string | null;
};

export function FooterSubscribe({ accountEmail }: Props) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [isSaving, setIsSaving] = useState(false);

  const subscribe = async ({ email }: { email?: string }) => {
    setIsSaving(true);
    try {
      await subscribeNewsletter(accountEmail ? undefined : email);
      void navigate('/newsletter/subscribed');
    } catch (err) {
      void message.error(readErrorMessage(err));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <div className="footer-subscribe" data-testid="footer-subscribe">
      <Typography.Text strong>Fresh deals, weekly</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ margin: '4px 0 8px' }}>
        Specials, seasonal produce and recipes every Thursday.
      </Typography.Paragraph>
      <Form onFinish={subscribe} disabled={isSaving} requiredMark={false}>
        <Space.Compact style={{ width: '100%', maxWidth: 420 }} block>
          {accountEmail ? (
            <Input value={accountEmail} disabled aria-label="Your email" />
          ) : (
            <Form.Item
              name="email"
              style={{ flex: 1, marginBottom: 0 }}
              rules={[
                { required: true, message: 'Enter your email.' },
                { type: 'email', message: 'Enter a valid email.' },
              ]}
            >
              <Input
                type="email"
                placeholder="you@example.com"
                aria-label="Email for the newsletter"
                autoComplete="email"
                data-testid="footer-subscribe-email"
              />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" loading={isSaving} data-testid="footer-subscribe-submit">
            Subscribe
          </Button>
        </Space.Compact>
      </Form>
    </div>
  );
}
