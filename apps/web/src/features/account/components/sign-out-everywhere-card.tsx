import { Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { callRejectionOf, useAppDispatch } from '../../../app/hooks';
import { ConfirmPopover } from '../../../components/confirm-popover';
import { toast } from '../../../lib/toast';
import { logoutEverywhere } from '../user-info-slice';
import { CardHeading } from './card-heading';

/** Ends every session of the account (a lost phone, a shared computer left signed in), this one too. */
export function SignOutEverywhereCard() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [isSigningOut, setIsSigningOut] = useState(false);

  const signOutEverywhere = async () => {
    setIsSigningOut(true);
    try {
      await dispatch(logoutEverywhere()).unwrap();
      toast.success('You are signed out on every device.');
      void navigate('/login', { replace: true });
    } catch (err) {
      toast.error(callRejectionOf(err)?.message ?? 'We could not sign you out everywhere. Please try again.');
      setIsSigningOut(false);
    }
  };

  return (
    <Card
      title={<CardHeading>Signed-in devices</CardHeading>}
      style={{ marginTop: 16 }}
      data-testid="sign-out-everywhere-card"
    >
      <Typography.Paragraph>
        Left signed in on a shared computer, or lost a phone? Sign out everywhere, this device included; you
        then sign in again here.
      </Typography.Paragraph>
      <ConfirmPopover
        title="Sign out on every device?"
        description="Every device signed in to your account, this one too, is signed out."
        okText="Sign out everywhere"
        cancelText="Cancel"
        okButtonProps={{ danger: true, 'data-testid': 'sign-out-everywhere-confirm' }}
        onConfirm={() => void signOutEverywhere()}
      >
        <Button danger loading={isSigningOut} data-testid="sign-out-everywhere">
          Sign out everywhere
        </Button>
      </ConfirmPopover>
    </Card>
  );
}
