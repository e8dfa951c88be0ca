import { Tag } from 'antd';
import type { CustomerAccountStatus } from '@storefront/contract/customers-admin';

/** Whether the account may sign in. */
export function AccountStatusTag({ status }: { status: CustomerAccountStatus }) {
  return status === 'active' ? (
    <Tag className="tag-good" data-testid="customer-status" data-status={status}>
      Active
    </Tag>
  ) : (
    <Tag className="tag-bad" data-testid="customer-status" data-status={status}>
      Disabled
    </Tag>
  );
}

/** Whether the customer has opened a verification link mailed to their address. */
export function EmailVerifiedTag({ isVerified }: { isVerified: boolean }) {
  return isVerified ? <Tag>Email verified</Tag> : <Tag className="tag-waiting">Email not verified</Tag>;
}
