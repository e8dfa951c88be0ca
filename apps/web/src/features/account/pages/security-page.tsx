import { LoginHistoryCard } from '../components/login-history-card';
import { PasswordCard } from '../components/password-card';
import { SignOutEverywhereCard } from '../components/sign-out-everywhere-card';

export function SecurityPage() {
  return (
    <div data-testid="security-page">
      <PasswordCard />
      <LoginHistoryCard />
      <SignOutEverywhereCard />
    </div>
  );
}
