import { Card, Skeleton } from 'antd';
import { useAppSelector } from '../../../app/hooks';
import { useRemoteData } from '../../../lib/use-remote-data';
import { retrieveLoginDetail } from '../api';
import { ChoosePasswordCard } from '../components/choose-password-card';
import { LoginHistoryCard } from '../components/login-history-card';
import { PasswordCard } from '../components/password-card';
import { SignOutEverywhereCard } from '../components/sign-out-everywhere-card';
import { selectUserInfo } from '../user-info-slice';
import { CardHeading } from '../components/card-heading';

export function SecurityPage() {
  const detail = useRemoteData(retrieveLoginDetail);
  const email = useAppSelector(selectUserInfo)?.email ?? null;

  // Until the account says whether it has a password, neither form is offered; should it not say, the change form
  // is (most accounts have one, and the API refuses a change without the current password).
  const passwordCard = () => {
    if (detail.data) return detail.data.hasPassword ? <PasswordCard /> : <ChoosePasswordCard email={email} />;
    if (detail.status === 'failed') return <PasswordCard />;
    return (
      <Card title={<CardHeading>Change password</CardHeading>} style={{ marginBottom: 16 }}>
        <Skeleton active paragraph={{ rows: 3 }} />
      </Card>
    );
  };

  return (
    <div data-testid="security-page">
      {passwordCard()}
      <LoginHistoryCard detail={detail} />
      <SignOutEverywhereCard />
    </div>
  );
}
