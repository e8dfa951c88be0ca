import { Button, Card, Descriptions, Form, Input, Space, Typography } from 'antd';
import type { CustomerInfo, UpdateCustomerBody } from '@storefront/contract/account';
import { useState } from 'react';
import { formatPhone, normalisePhone } from '@storefront/contract/limits';
import { fullName } from '@storefront/contract/person-name';
import { lastNameRules, nameRules, phoneRule, SCROLL_TO_FIRST_ERROR } from '../../../lib/form-rules';
import { formatDay } from '../../../lib/date-time';
import { useFocusReturn } from '../../../lib/use-focus-return';
import { useProfileSave } from '../use-profile-save';
import { RefusalAlert } from '../../../components/refusal-alert';
import { PROFILE_EMAIL_ID, shortRefusalReason } from '../email-refusal';

type DetailsForm = { firstName: string; lastName: string; phone: string; birthday: string };

/** Only the fields that changed; empty phone and birthday clear them. */
export function buildDetailsChange(info: CustomerInfo, values: DetailsForm): UpdateCustomerBody {
  const change: UpdateCustomerBody = {};
  const firstName = values.firstName.trim();
  const lastName = values.lastName.trim();
  const phone = values.phone.trim() ? normalisePhone(values.phone) : null;
  const birthday = values.birthday.trim() || null;
  if (firstName !== info.firstName) change.firstName = firstName;
  if (lastName !== info.lastName) change.lastName = lastName;
  if (phone !== info.phone) change.phone = phone;
  if (birthday !== info.birthday) change.birthday = birthday;
  return change;
}

type Props = { info: CustomerInfo; onSaved: (info: CustomerInfo) => void };

export function PersonalDetailsCard({ info, onSaved }: Props) {
  const [isEditing, setIsEditing] = useState(false);
  const editButton = useFocusReturn();
  const close = () => {
    setIsEditing(false);
    editButton.returnFocus();
  };

  return (
    <Card
      title="Personal details"
      style={{ marginBottom: 16 }}
      extra={
        !isEditing && (
          <Button ref={editButton.target} onClick={() => setIsEditing(true)} data-testid="profile-edit">
            Edit
          </Button>
        )
      }
    >
      {isEditing ? (
        <DetailsEditor info={info} onSaved={onSaved} onClose={close} />
      ) : (
        <Descriptions column={1} size="small" data-testid="profile-details">
          <Descriptions.Item label="Name">
            <span data-testid="profile-name">{fullName(info)}</span>
          </Descriptions.Item>
          <Descriptions.Item label="Email">
            {/* Where "Go to your email address" takes the focus (email-refused-alert.tsx). */}
            <span id={PROFILE_EMAIL_ID} tabIndex={-1} data-testid="profile-email">
              {info.email}
              {info.emailRefused && (
                <Typography.Text type="danger" data-testid="profile-email-refused">
                  {' '}
                  Mail to this address is refused: {shortRefusalReason(info.emailRefused.reason)}.
                </Typography.Text>
              )}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label="Phone">
            <span data-testid="profile-phone-value">
              {info.phone ? formatPhone(info.phone) : 'Not given'}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label="Birthday">
            <span data-testid="profile-birthday-value">
              {info.birthday ? formatDay(info.birthday, 'long') : 'Not given'}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label="Member since">{formatDay(info.createdAt, 'long')}</Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}

/** The form, from the details as they are each time it opens. */
function DetailsEditor({ info, onSaved, onClose }: Props & { onClose: () => void }) {
  const [form] = Form.useForm<DetailsForm>();
  const { isSaving, save, refusalMessage, messageRef } = useProfileSave(
    form,
    { onSaved, onClose },
    { saved: 'Your details are saved.', failed: 'Your details could not be saved.' },
  );

  const saveChanged = (values: DetailsForm) => {
    const change = buildDetailsChange(info, values);
    if (Object.keys(change).length === 0) onClose();
    else void save(change);
  };

  return (
    <>
      <RefusalAlert message={refusalMessage} messageRef={messageRef} testId="profile-details-error" />
      <Form<DetailsForm>
        form={form}
        scrollToFirstError={SCROLL_TO_FIRST_ERROR}
        layout="vertical"
        requiredMark={false}
        disabled={isSaving}
        onFinish={saveChanged}
        initialValues={{
          firstName: info.firstName,
          lastName: info.lastName,
          phone: info.phone ? formatPhone(info.phone) : '',
          birthday: info.birthday ?? '',
        }}
      >
        <Form.Item label="First name" name="firstName" rules={nameRules('your first name')}>
          {/* The Edit button that opened the form is gone: focus moves into it, where the customer types. */}
          <Input autoComplete="given-name" autoFocus data-testid="profile-first-name" />
        </Form.Item>
        <Form.Item label="Last name (if you have one)" name="lastName" rules={lastNameRules}>
          <Input autoComplete="family-name" data-testid="profile-last-name" />
        </Form.Item>
        <Form.Item label="Mobile or phone" name="phone" rules={[phoneRule]}>
          <Input type="tel" autoComplete="tel" placeholder="0412 345 678" data-testid="profile-phone" />
        </Form.Item>
        <Form.Item label="Birthday" name="birthday">
          <Input type="date" data-testid="profile-birthday" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={isSaving} data-testid="profile-save">
            Save
          </Button>
          <Button onClick={onClose} disabled={isSaving} data-testid="profile-cancel">
            Cancel
          </Button>
        </Space>
      </Form>
    </>
  );
}
