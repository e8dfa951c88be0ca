import { Alert, Button, Card, Flex, Result, Space, Typography } from 'antd';
import { errorCatalogue } from '@storefront/contract/errors';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { readErrorMessage } from '../../../lib/http/error-message';
import { unsubscribeByLink, type UnsubscribeLink } from '../api';
import { useDocumentTitle } from '../../../lib/use-document-title';

const DOCUMENT_TITLE = 'Unsubscribe from the newsletter · Harbour Grocer';
const LINK_TOKEN = /^[A-Za-z0-9_-]{1,128}$/;
/** The card pads already: the result's own padding would squeeze its text at phone width. */
const RESULT_STYLE = { padding: '24px 0' };

/** The address and token of the link, or null when it lacks either (a link cut short by an email app). */
function readLink(params: URLSearchParams): UnsubscribeLink | null {
  const email = params.get('email')?.trim() ?? '';
  const token = params.get('token')?.trim() ?? '';
  return email.includes('@') && LINK_TOKEN.test(token) ? { email, token } : null;
}

function property(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
}

/** The server refused the link itself: it does not sign that address, or it is too mangled to read. */
function isRefusedLink(reason: unknown): boolean {
  // A business refusal rejects with the envelope, a 400 with the response that carries it.
  const code = [reason, property(reason, 'data')]
    .map((c) => property(c, 'code'))
    .find((c) => typeof c === 'number');
  return code === errorCatalogue.NEWSLETTER_LINK_INVALID.code || code === errorCatalogue.VALIDATION.code;
}

function Heading({ children }: { children: ReactNode }) {
  return (
    <Typography.Title
      level={1}
      style={{ fontSize: '1.5rem', margin: 0 }}
      data-testid="newsletter-unsubscribe-title"
    >
      {children}
    </Typography.Title>
  );
}

export function NewsletterUnsubscribePage() {
  useDocumentTitle('Unsubscribe from the newsletter');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const link = readLink(searchParams);
  const [outcome, setOutcome] = useState<'asking' | 'unsubscribed' | 'refused'>('asking');
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const previous = document.title;
    document.title = DOCUMENT_TITLE;
    return () => {
      document.title = previous;
    };
  }, []);

  const unsubscribe = async (target: UnsubscribeLink) => {
    setIsSubmitting(true);
    setError(null);
    try {
      await unsubscribeByLink(target);
      setOutcome('unsubscribed');
    } catch (err) {
      if (isRefusedLink(err)) setOutcome('refused');
      else setError(readErrorMessage(err));
    } finally {
      setIsSubmitting(false);
    }
  };

  if (!link || outcome === 'refused') {
    return (
      <div className="page page--narrow" data-testid="newsletter-unsubscribe-invalid">
        <Card>
          <Result
            status="warning"
            style={RESULT_STYLE}
            title={<Heading>This unsubscribe link does not work</Heading>}
            subTitle="It may be incomplete or changed: some email apps cut long links short. Use the unsubscribe link in your latest newsletter, or sign in and change your newsletter settings in your account."
            extra={
              <Flex gap="small" wrap justify="center">
                <Button
                  type="primary"
                  onClick={() => void navigate('/account/newsletter')}
                  data-testid="newsletter-unsubscribe-settings"
                >
                  Newsletter settings
                </Button>
                <Button onClick={() => void navigate('/')}>Back to the shop</Button>
              </Flex>
            }
          />
        </Card>
      </div>
    );
  }

  if (outcome === 'unsubscribed') {
    return (
      <div className="page page--narrow" data-testid="newsletter-unsubscribe-done">
        <Card>
          <Result
            status="success"
            style={RESULT_STYLE}
            title={<Heading>You are unsubscribed</Heading>}
            subTitle={`We will not send the newsletter to ${link.email} any more. Changed your mind? Subscribe again at the foot of any page.`}
            extra={
              <Button
                type="primary"
                onClick={() => void navigate('/')}
                data-testid="newsletter-unsubscribe-home"
              >
                Keep shopping
              </Button>
            }
          />
        </Card>
      </div>
    );
  }

  return (
    <div className="page page--narrow" data-testid="newsletter-unsubscribe-page">
      <Card>
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Heading>Unsubscribe from the newsletter</Heading>
          <Typography.Paragraph style={{ margin: 0 }}>
            We will stop sending our weekly newsletter to{' '}
            <Typography.Text
              strong
              data-testid="newsletter-unsubscribe-email"
              style={{ overflowWrap: 'anywhere' }}
            >
              {link.email}
            </Typography.Text>
            .
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            Emails about your orders and your account still arrive. You can subscribe again at any time.
          </Typography.Paragraph>
          {error && <Alert type="error" showIcon title={error} data-testid="newsletter-unsubscribe-error" />}
          <Button
            type="primary"
            size="large"
            block
            loading={isSubmitting}
            onClick={() => void unsubscribe(link)}
            data-testid="newsletter-unsubscribe-confirm"
          >
            Unsubscribe
          </Button>
          <Button type="text" block onClick={() => void navigate('/')}>
            Keep me subscribed
          </Button>
        </Space>
      </Card>
    </div>
  );
}
