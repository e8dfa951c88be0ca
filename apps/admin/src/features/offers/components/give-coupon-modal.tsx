import { Form, Input, Typography } from 'antd';
import { useCallback } from 'react';
import { email } from '@storefront/contract/common';
import { errorCatalogue } from '@storefront/contract/errors';
import { COUPON_GIVE_MAX, type CouponGiveResult, type StaffCoupon } from '@storefront/contract/offers-admin';
import { FormModal } from '../../../components/form-modal';
import { LoadError } from '../../../components/load-error';
import { PageLoading } from '../../../components/page-loading';
import { formatDateTime } from '../../../lib/format';
import { useRemoteData } from '../../../lib/use-remote-data';
import { giveCoupon, readCoupon } from '../api';

type Props = {
  coupon: StaffCoupon | null;
  onClose: () => void;
  onGiven: (coupon: StaffCoupon, result: CouponGiveResult) => void;
};

type Values = { emails: string };

/** The emails typed, one a line or separated by commas, spaces or semicolons. */
export function emailsOf(typed: string | undefined): string[] {
  return (typed ?? '').split(/[\s,;]+/).filter((e) => e !== '');
}

/** Puts a coupon in chosen customers' wallets, by their account emails; shows who holds it already. */
export function GiveCouponModal({ coupon, onClose, onGiven }: Props) {
  const [form] = Form.useForm<Values>();
  return (
    <FormModal<Values>
      form={form}
      isOpen={coupon !== null}
      title={coupon ? `Give ${coupon.code} to customers` : 'Give to customers'}
      onClose={onClose}
      submit={async (values) => {
        if (!coupon) return;
        onGiven(coupon, await giveCoupon(coupon.couponID, emailsOf(values.emails)));
      }}
      fieldsByCode={{ [errorCatalogue.COUPON_CUSTOMERS_UNKNOWN.code]: 'emails' }}
      okText="Give"
      cancelText="Cancel"
      testIds={{ ok: 'coupon-give-submit', cancel: 'coupon-give-cancel', error: 'coupon-give-error' }}
      intro={coupon && <Holders couponID={coupon.couponID} />}
    >
      <Form.Item
        label="Customers' emails"
        name="emails"
        extra={`The emails of their accounts, one a line (at most ${COUPON_GIVE_MAX}). Giving it twice is harmless.`}
        rules={[
          {
            validator: (_, typed: string | undefined) => {
              const emails = emailsOf(typed);
              if (emails.length === 0) return Promise.reject(new Error('Enter at least one email.'));
              if (emails.length > COUPON_GIVE_MAX)
                return Promise.reject(new Error(`Give it to at most ${COUPON_GIVE_MAX} customers at once.`));
              const bad = emails.filter((e) => !email.safeParse(e).success);
              return bad.length === 0
                ? Promise.resolve()
                : Promise.reject(new Error(`Not an email address: ${bad.slice(0, 5).join(', ')}.`));
            },
          },
        ]}
      >
        <Input.TextArea rows={4} autoComplete="off" data-testid="coupon-give-emails" />
      </Form.Item>
    </FormModal>
  );
}

function Holders({ couponID }: { couponID: number }) {
  const load = useCallback(() => readCoupon(couponID), [couponID]);
  const { status, data, error, reload } = useRemoteData(load);
  if (status === 'failed') return <LoadError error={error} onRetry={reload} />;
  if (data === null) return <PageLoading rows={2} />;
  return (
    <section aria-label="Customers holding it" style={{ marginBottom: 16 }}>
      <Typography.Paragraph>
        {data.customerCount === 0
          ? 'Nobody holds it yet.'
          : `${data.customerCount} ${data.customerCount === 1 ? 'customer holds' : 'customers hold'} it.`}
      </Typography.Paragraph>
      {data.customers.length > 0 && (
        <ul className="plain-list" style={{ maxHeight: 200, overflowY: 'auto' }}>
          {data.customers.map((holder) => (
            <li key={holder.customerID} data-testid="coupon-holder" style={{ marginBottom: 8 }}>
              <Typography.Text className="wrap-anywhere">{holder.email}</Typography.Text>
              <br />
              <Typography.Text type="secondary">
                {holder.name} · given {formatDateTime(holder.receivedAt)} · used {holder.usedCount}
              </Typography.Text>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
