import { Card, Col, Descriptions, Row } from 'antd';
import { Page } from '../../../components/page';
import { roleLabels } from '../../../lib/access';
import { formatDateTime } from '../../../lib/format';
import { useSignedInStaff } from '../../../lib/staff-session';
import { PasswordCard } from '../components/password-card';
import { TwoFactorCard } from '../components/two-factor-card';

/** The signed-in member's own account: who they are, their password, two-factor sign-in. */
export function AccountPage() {
  const me = useSignedInStaff();
  return (
    <Page title="My account">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={<h2 className="card-heading">Your sign-in</h2>} data-testid="account-details">
            <Descriptions
              column={1}
              size="small"
              items={[
                { key: 'name', label: 'Name', children: me.name },
                { key: 'email', label: 'Email', children: me.email },
                { key: 'role', label: 'Role', children: roleLabels[me.role] },
                {
                  key: 'mfa',
                  label: 'Two-factor',
                  children: me.mfaEnabled ? 'On' : me.mustEnrolMfa ? 'Off (needed to make changes)' : 'Off',
                },
                { key: 'ends', label: 'Sign-in ends by', children: formatDateTime(me.sessionEndsAt) },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <TwoFactorCard />
        </Col>
        <Col xs={24} lg={12}>
          <PasswordCard />
        </Col>
      </Row>
    </Page>
  );
}
