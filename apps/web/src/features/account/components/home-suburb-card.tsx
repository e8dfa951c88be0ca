import { Button, Card, Descriptions, Form, Space } from 'antd';
import type { CustomerInfo } from '@storefront/contract/account';
import { errorCatalogue } from '@storefront/contract/errors';
import type { AustralianState } from '@storefront/contract/suburb';
import { useCallback, useState } from 'react';
import { DEFAULT_POST_CODE } from '../user-info-slice';
import { SCROLL_TO_FIRST_ERROR } from '../../../lib/form-rules';
import type { FieldsByCode } from '../../../lib/form-refusal';
import { useFocusReturn } from '../../../lib/use-focus-return';
import { useRemoteData } from '../../../lib/use-remote-data';
import { suburbsOfPostcode } from '../../suburb/api';
import { useProfileSave } from '../use-profile-save';
import { RefusalAlert } from '../../../components/refusal-alert';
import { HomeSuburbField } from './home-suburb-field';

type SuburbForm = { postCode: string; suburb: string };

type Props = { info: CustomerInfo; onSaved: (info: CustomerInfo) => void };

const FIELDS_BY_CODE: FieldsByCode = { [errorCatalogue.UNKNOWN_POSTCODE.code]: ['suburb'] };

/**
 * The home suburb's state, as addresses name it: the profile holds only the suburb and postcode, so the state is read
 * from the localities of the postcode (a postcode may cross a state line). Null while it is read, or when it cannot be.
 */
function useHomeSuburbState(suburb: string, postCode: string): AustralianState | null {
  const load = useCallback(async () => {
    const localities = suburb && postCode ? await suburbsOfPostcode(postCode) : [];
    const found = localities.find((s) => s.suburb.toLowerCase() === suburb.toLowerCase());
    return { suburb, postCode, state: found?.state ?? null };
  }, [suburb, postCode]);
  const read = useRemoteData(load).data;
  // An answer about the suburb before a change is not this one's.
  return read && read.suburb === suburb && read.postCode === postCode ? read.state : null;
}

/** Postcode and suburb change together, picked as one locality from the suburb search. */
export function HomeSuburbCard({ info, onSaved }: Props) {
  const [isEditing, setIsEditing] = useState(false);
  const state = useHomeSuburbState(info.suburb, info.postCode);
  const editButton = useFocusReturn();
  const close = () => {
    setIsEditing(false);
    editButton.returnFocus();
  };

  return (
    <Card
      title="Home suburb"
      extra={
        !isEditing && (
          <Button ref={editButton.target} onClick={() => setIsEditing(true)} data-testid="suburb-edit">
            Edit
          </Button>
        )
      }
    >
      {isEditing ? (
        <SuburbEditor info={info} onSaved={onSaved} onClose={close} />
      ) : (
        <Descriptions column={1} size="small">
          <Descriptions.Item label="Suburb">
            <span data-testid="profile-suburb-value">
              {info.suburb || 'Not given'} {state && `${state} `}
              {info.postCode || DEFAULT_POST_CODE}
            </span>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}

/** The form, from the suburb as it is each time it opens: a locality picked from the suburb search, as addresses are. */
function SuburbEditor({ info, onSaved, onClose }: Props & { onClose: () => void }) {
  const [form] = Form.useForm<SuburbForm>();
  const { isSaving, save, refusalMessage, messageRef } = useProfileSave(
    form,
    { onSaved, onClose },
    { saved: 'Your suburb is saved.', failed: 'Your suburb could not be saved.' },
    FIELDS_BY_CODE,
  );

  return (
    <>
      <RefusalAlert message={refusalMessage} messageRef={messageRef} testId="suburb-error" />
      <Form<SuburbForm>
        form={form}
        scrollToFirstError={SCROLL_TO_FIRST_ERROR}
        layout="vertical"
        requiredMark={false}
        disabled={isSaving}
        onFinish={({ postCode, suburb }) => void save({ postCode, suburb: suburb.trim() })}
        initialValues={{ postCode: info.postCode || DEFAULT_POST_CODE, suburb: info.suburb }}
      >
        <HomeSuburbField
          label="Suburb"
          testId="profile-suburb"
          // The Edit button that opened the form is gone: focus moves into it, where the customer types.
          isAutoFocused
          hint={(postCode) =>
            postCode
              ? `Postcode ${postCode}. To change it, type a suburb or postcode and pick it from the list.`
              : 'Type a suburb or postcode and pick it from the list.'
          }
        />
        <Space>
          <Button type="primary" htmlType="submit" loading={isSaving} data-testid="suburb-save">
            Save
          </Button>
          <Button onClick={onClose} disabled={isSaving} data-testid="suburb-cancel">
            Cancel
          </Button>
        </Space>
      </Form>
    </>
  );
}
