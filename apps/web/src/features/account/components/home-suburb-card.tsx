import { Button, Card, Descriptions, Form, Input, Space } from 'antd';
import type { CustomerInfo } from '@storefront/contract/account';
import { useState } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { DEFAULT_POST_CODE, updateProfile } from '../user-info-slice';
import { toast } from '../../../lib/toast';

type SuburbForm = { postCode: string; suburb: string };

type Props = { info: CustomerInfo; onSaved: (info: CustomerInfo) => void };

/** Postcode and suburb change together, so they are one small form. */
export function HomeSuburbCard({ info, onSaved }: Props) {
  const dispatch = useAppDispatch();
  const [isEditing, setIsEditing] = useState(false);
  const [isSaving, setIsSaving] = useState(false);

  const save = async ({ postCode, suburb }: SuburbForm) => {
    setIsSaving(true);
    try {
      onSaved(await dispatch(updateProfile({ postCode, suburb: suburb.trim() })).unwrap());
      toast.success('Your suburb is saved.');
      setIsEditing(false);
    } catch (err) {
      toast.error(typeof err === 'string' ? err : 'Your suburb could not be saved.');
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Card
      title="Home suburb"
      extra={
        !isEditing && (
          <Button onClick={() => setIsEditing(true)} data-testid="suburb-edit">
            Edit
          </Button>
        )
      }
    >
      {isEditing ? (
        <Form<SuburbForm>
          layout="vertical"
          requiredMark={false}
          disabled={isSaving}
          onFinish={save}
          initialValues={{ postCode: info.postCode || DEFAULT_POST_CODE, suburb: info.suburb }}
        >
          <Form.Item
            label="Postcode"
            name="postCode"
            rules={[
              { required: true, message: 'Enter a postcode.' },
              { pattern: /^\d{4}$/, message: 'A postcode has four digits.' },
            ]}
          >
            <Input
              inputMode="numeric"
              maxLength={4}
              style={{ maxWidth: 140 }}
              data-testid="profile-postcode"
            />
          </Form.Item>
          <Form.Item
            label="Suburb"
            name="suburb"
            rules={[
              { required: true, whitespace: true, message: 'Enter a suburb.' },
              { max: 60, message: 'At most 60 characters.' },
            ]}
          >
            <Input autoComplete="address-level2" data-testid="profile-suburb" />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={isSaving} data-testid="suburb-save">
              Save
            </Button>
            <Button onClick={() => setIsEditing(false)} disabled={isSaving} data-testid="suburb-cancel">
              Cancel
            </Button>
          </Space>
        </Form>
      ) : (
        <Descriptions column={1} size="small">
          <Descriptions.Item label="Suburb">
            <span data-testid="profile-suburb-value">
              {info.suburb || 'Not given'} {info.postCode || DEFAULT_POST_CODE}
            </span>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
