import { LoginHistoryCard } from '../components/login-history-card';
import { PasswordCard } from '../components/password-card';

export function SecurityPage() {
  return (
    <div data-testid="security-page">
      <PasswordCard />
      <LoginHistoryCard />
    </div>
  );
}
