import { Skeleton } from 'antd';
import { retrieveCustomer } from '../api';
import { EmailVerificationCard } from '../components/email-verification-card';
import { HomeSuburbCard } from '../components/home-suburb-card';
import { LoadFailed } from '../../../components/load-failed';
import { PersonalDetailsCard } from '../components/personal-details-card';
import { useRemoteData } from '../../../lib/use-remote-data';

export function ProfilePage() {
  const customer = useRemoteData(retrieveCustomer);

  if (customer.status === 'failed' && !customer.data) {
    return (
      <LoadFailed
        title="Your profile could not be loaded"
        error={customer.error}
        onRetry={customer.reload}
        testId="profile-error"
      />
    );
  }
  if (!customer.data) return <Skeleton active paragraph={{ rows: 8 }} data-testid="profile-loading" />;
  return (
    <div data-testid="profile-page">
      <EmailVerificationCard />
      <PersonalDetailsCard info={customer.data} onSaved={customer.replace} />
      <HomeSuburbCard info={customer.data} onSaved={customer.replace} />
    </div>
  );
}
