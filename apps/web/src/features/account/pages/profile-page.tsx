import { Skeleton } from 'antd';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { retrieveCustomer } from '../api';
import { EmailVerificationCard } from '../components/email-verification-card';
import { HomeSuburbCard } from '../components/home-suburb-card';
import { LoadFailed } from '../../../components/load-failed';
import { PersonalDetailsCard } from '../components/personal-details-card';
import { useRemoteData } from '../../../lib/use-remote-data';
import { isEmailFocusAsked, PROFILE_EMAIL_ID } from '../email-refusal';

export function ProfilePage() {
  const customer = useRemoteData(retrieveCustomer);
  const location = useLocation();
  const isShown = customer.data !== null;
  const isEmailAsked = isEmailFocusAsked(location.state);

  // Arrived by "Go to your email address" (or pressed it here): the address takes the focus once it shows.
  useEffect(() => {
    if (!isShown || !isEmailAsked) return;
    const email = document.getElementById(PROFILE_EMAIL_ID);
    email?.focus({ preventScroll: true });
    email?.scrollIntoView({ block: 'center' });
  }, [isShown, isEmailAsked, location.key]);

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
