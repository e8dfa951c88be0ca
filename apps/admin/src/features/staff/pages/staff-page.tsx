import { App, Button, Empty, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { MailOutlined, UserAddOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { staffRoles, type StaffList, type StaffMember, type StaffRole } from '@storefront/contract/staff';
import { LoadError } from '../../../components/load-error';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { roleLabels } from '../../../lib/access';
import { formatDateTime } from '../../../lib/format';
import { readErrorMessage } from '../../../lib/http/api-error';
import { useSignedInStaff } from '../../../lib/staff-session';
import { useRemoteData } from '../../../lib/use-remote-data';
import { listStaff, sendPasswordLink, updateStaffMember } from '../api';
import { AddMemberModal } from '../components/add-member-modal';

const roleOptions = staffRoles.map((role) => ({ value: role, label: roleLabels[role] }));

/** The owner's list of staff: add a member, change a role, disable or enable, send a new password link. */
export function StaffPage() {
  const me = useSignedInStaff();
  const { message } = App.useApp();
  const { status, data, error, reload, replace } = useRemoteData(listStaff);
  const [isAdding, setIsAdding] = useState(false);
  const [busyID, setBusyID] = useState<number | null>(null);

  const replaceMember = (list: StaffList, member: StaffMember) =>
    replace({ list: list.list.map((m) => (m.staffID === member.staffID ? member : m)) });

  const change = async (
    member: StaffMember,
    body: { role?: StaffRole; disabled?: boolean },
    done: string,
  ) => {
    if (!data) return;
    setBusyID(member.staffID);
    try {
      replaceMember(data, await updateStaffMember(member.staffID, body));
      void message.success(done);
    } catch (err) {
      void message.error(readErrorMessage(err));
    } finally {
      setBusyID(null);
    }
  };

  const sendLink = async (member: StaffMember) => {
    setBusyID(member.staffID);
    try {
      await sendPasswordLink(member.staffID);
      void message.success(`We emailed ${member.name} a new link to set their password.`);
    } catch (err) {
      void message.error(readErrorMessage(err));
    } finally {
      setBusyID(null);
    }
  };

  const added = (member: StaffMember) => {
    setIsAdding(false);
    if (data) replace({ list: [...data.list, member] });
    void message.success(`${member.name} is added. We emailed them a link to set their password.`);
  };

  return (
    <Page
      title="Staff"
      lead="Who can sign in to the back office, and what their role lets them do."
      actions={
        <Button
          type="primary"
          icon={<UserAddOutlined />}
          onClick={() => setIsAdding(true)}
          data-testid="staff-add"
        >
          Add member
        </Button>
      }
    >
      {status === 'failed' ? (
        <LoadError error={error} onRetry={reload} />
      ) : data === null ? (
        <PageLoading rows={6} />
      ) : (
        <Table<StaffMember>
          rowKey="staffID"
          dataSource={data.list}
          pagination={false}
          locale={{ emptyText: <Empty description="No staff yet: add the first member." /> }}
          columns={[
            {
              title: 'Member',
              key: 'member',
              render: (_, member) => (
                <Space orientation="vertical" size={0}>
                  <Typography.Text strong>
                    {member.name}
                    {member.staffID === me.staffID && ' (you)'}
                  </Typography.Text>
                  <Typography.Text type="secondary" className="wrap-anywhere">
                    {member.email}
                  </Typography.Text>
                </Space>
              ),
            },
            {
              title: 'Role',
              key: 'role',
              render: (_, member) => (
                <Select<StaffRole>
                  value={member.role}
                  options={roleOptions}
                  onChange={(role) =>
                    void change(member, { role }, `${member.name} is now ${roleLabels[role].toLowerCase()}.`)
                  }
                  disabled={busyID === member.staffID}
                  style={{ width: 130 }}
                  aria-label={`Role of ${member.name}`}
                  data-testid={`staff-role-${member.staffID}`}
                />
              ),
            },
            {
              title: 'Status',
              key: 'status',
              render: (_, member) => <MemberStatus member={member} />,
            },
            {
              title: 'Last sign-in',
              key: 'lastSignInAt',
              responsive: ['lg'],
              render: (_, member) => (member.lastSignInAt ? formatDateTime(member.lastSignInAt) : 'Never'),
            },
            {
              title: 'Actions',
              key: 'actions',
              render: (_, member) => (
                <Space wrap>
                  {member.disabled ? (
                    <Button
                      size="small"
                      loading={busyID === member.staffID}
                      onClick={() =>
                        void change(member, { disabled: false }, `${member.name} can sign in again.`)
                      }
                      data-testid={`staff-enable-${member.staffID}`}
                    >
                      Enable
                    </Button>
                  ) : (
                    <Popconfirm
                      title={`Disable ${member.name}?`}
                      description="They are signed out at once and cannot sign in until enabled."
                      okText="Disable"
                      okButtonProps={{ danger: true }}
                      onConfirm={() => change(member, { disabled: true }, `${member.name} is disabled.`)}
                    >
                      <Button
                        size="small"
                        danger
                        disabled={member.staffID === me.staffID}
                        loading={busyID === member.staffID}
                        data-testid={`staff-disable-${member.staffID}`}
                      >
                        Disable
                      </Button>
                    </Popconfirm>
                  )}
                  <Button
                    size="small"
                    icon={<MailOutlined />}
                    disabled={member.disabled || busyID === member.staffID}
                    onClick={() => void sendLink(member)}
                    data-testid={`staff-link-${member.staffID}`}
                  >
                    {member.hasPassword ? 'Reset link' : 'Resend link'}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      )}
      <AddMemberModal isOpen={isAdding} onClose={() => setIsAdding(false)} onAdded={added} />
    </Page>
  );
}

function MemberStatus({ member }: { member: StaffMember }) {
  return (
    <Space size={4} wrap>
      {member.disabled ? (
        <Tag color="error">Disabled</Tag>
      ) : member.hasPassword ? (
        <Tag color="success">Active</Tag>
      ) : (
        <Tag className="tag-waiting">Waiting for password</Tag>
      )}
      <Tag>{member.mfaEnabled ? 'Two-factor on' : 'Two-factor off'}</Tag>
    </Space>
  );
}
