import { Button, Card, Descriptions, Form, Input, Space } from 'antd';
import type { CustomerInfo, UpdateCustomerBody } from '@storefront/contract/account';
import { useState } from 'react';
import { normalisePhone } from '@storefront/contract/limits';
import { useAppDispatch } from '../../../app/hooks';
import { nameRules, phoneRule, SCROLL_TO_FIRST_ERROR } from '../../../lib/form-rules';
import { updateProfile } from '../user-info-slice';
import { toast } from '../../../lib/toast';
import { refusalSaying } from '../form-refusal';
import { useFormRefusal } from '../use-form-refusal';
import { RefusalAlert } from './refusal-alert';

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

  return (
    <Card
      title="Personal details"
      style={{ marginBottom: 16 }}
      extra={
        !isEditing && (
          <Button onClick={() => setIsEditing(true)} data-testid="profile-edit">
            Edit
          </Button>
        )
      }
    >
      {isEditing ? (
        <DetailsEditor info={info} onSaved={onSaved} onClose={() => setIsEditing(false)} />
      ) : (
        <Descriptions column={1} size="small" data-testid="profile-details">
          <Descriptions.Item label="Name">
            <span data-testid="profile-name">
              {info.firstName} {info.lastName}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label="Email">{info.email}</Descriptions.Item>
          <Descriptions.Item label="Phone">
            <span data-testid="profile-phone-value">{info.phone ?? 'Not given'}</span>
          </Descriptions.Item>
          <Descriptions.Item label="Birthday">{info.birthday ?? 'Not given'}</Descriptions.Item>
          <Descriptions.Item label="Member since">
            {new Date(info.createdAt).toLocaleDateString('en-AU', { dateStyle: 'long' })}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}

/** The form, from the details as they are each time it opens. */
function DetailsEditor({ info, onSaved, onClose }: Props & { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<DetailsForm>();
  const [isSaving, setIsSaving] = useState(false);
  const { refusalMessage, messageRef, showRefusal, clearRefusal } = useFormRefusal(form);

  const save = async (values: DetailsForm) => {
    const change = buildDetailsChange(info, values);
    if (Object.keys(change).length === 0) {
      onClose();
      return;
    }
    setIsSaving(true);
    clearRefusal();
    const result = await dispatch(updateProfile(change));
    if (updateProfile.fulfilled.match(result)) {
      onSaved(result.payload);
      toast.success('Your details are saved.');
      onClose();
      return;
    }
    setIsSaving(false);
    showRefusal(result.payload ?? refusalSaying('Your details could not be saved.'));
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
        onFinish={save}
        initialValues={{
          firstName: info.firstName,
          lastName: info.lastName,
          phone: info.phone ?? '',
          birthday: info.birthday ?? '',
        }}
      >
        <Form.Item label="First name" name="firstName" rules={nameRules('your first name')}>
          <Input autoComplete="given-name" data-testid="profile-first-name" />
        </Form.Item>
        <Form.Item label="Last name" name="lastName" rules={nameRules('your last name')}>
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
