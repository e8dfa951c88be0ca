import { Col, Form, Input, Modal, Row, Select } from 'antd';
import type { Address, AddressBody } from '@storefront/contract/address';
import { errorCatalogue } from '@storefront/contract/errors';
import { australianStates, formatPhone } from '@storefront/contract/limits';
import { useEffect, useState } from 'react';
import { RefusalAlert } from '../../../components/refusal-alert';
import { readRefusal, type FieldsByCode } from '../../../lib/form-refusal';
import {
  lastNameRules,
  nameRules,
  phoneRule,
  SCROLL_TO_FIRST_ERROR,
  streetRule,
  withoutSpaces,
} from '../../../lib/form-rules';
import { useFormRefusal } from '../../../lib/use-form-refusal';
import { SuburbSearch } from '../../suburb/components/suburb-search';
import { addAddress, editAddress } from '../api';
import { toast } from '../../../lib/toast';

const FIELDS_BY_CODE: FieldsByCode = {
  [errorCatalogue.SUBURB_MISMATCH.code]: ['suburb', 'state', 'postcode'],
};
/** Said under the suburb: what to do about it, not only what is wrong. */
const SUBURB_MISMATCH_MESSAGE =
  'The postcode, suburb and state do not match. Pick the suburb from the list again: it fills in the state and postcode.';

type Props = {
  open: boolean;
  /** The address to edit; none to add a new one. */
  editing: Address | null;
  onClose: () => void;
  onSaved: (address: Address) => void;
  /** The signed-in customer's name, which a new address starts with (most deliveries are to themselves). */
  customerName?: { firstName: string; lastName: string } | null;
};

type AddressForm = Omit<AddressBody, 'country'>;

export function AddressFormModal({ open, editing, onClose, onSaved, customerName }: Props) {
  const [form] = Form.useForm<AddressForm>();
  const [isSaving, setIsSaving] = useState(false);
  const { refusalMessage, messageRef, showRefusal, clearRefusal } = useFormRefusal(form, FIELDS_BY_CODE);
  // The strings, not the object: a profile read again must not clear what is typed in an open form.
  const firstName = customerName?.firstName;
  const lastName = customerName?.lastName;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    clearRefusal();
    if (editing)
      form.setFieldsValue({ ...editing, phone: formatPhone(editing.phone), line2: editing.line2 ?? '' });
    else if (firstName !== undefined) form.setFieldsValue({ firstName, lastName });
  }, [open, editing, form, clearRefusal, firstName, lastName]);

  const save = async (values: AddressForm) => {
    setIsSaving(true);
    clearRefusal();
    try {
      const body: AddressBody = {
        ...values,
        line2: values.line2?.trim() ? values.line2 : null,
        country: 'AU',
      };
      const saved = editing ? await editAddress(editing.addressID, body) : await addAddress(body);
      toast.success(editing ? 'Address updated.' : 'Address added.');
      onSaved(saved);
    } catch (err) {
      const refusal = readRefusal(err);
      showRefusal(
        refusal.code === errorCatalogue.SUBURB_MISMATCH.code
          ? { ...refusal, message: SUBURB_MISMATCH_MESSAGE }
          : refusal,
      );
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? 'Edit address' : 'Add an address'}
      okText={editing ? 'Save' : 'Add address'}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={isSaving}
      okButtonProps={{ ...{ 'data-testid': 'address-save' } }}
      forceRender
    >
      <RefusalAlert message={refusalMessage} messageRef={messageRef} testId="address-error" />
      <Form<AddressForm>
        scrollToFirstError={SCROLL_TO_FIRST_ERROR}
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={save}
        disabled={isSaving}
      >
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item label="First name" name="firstName" rules={nameRules('the first name')}>
              <Input autoComplete="given-name" data-testid="address-first-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="Last name (if any)" name="lastName" rules={lastNameRules}>
              <Input autoComplete="family-name" data-testid="address-last-name" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          label="Mobile or phone"
          name="phone"
          rules={[{ required: true, message: 'Enter a phone number for the driver.' }, phoneRule]}
        >
          <Input autoComplete="tel" inputMode="tel" data-testid="address-phone" />
        </Form.Item>
        <Form.Item
          label="Street address"
          name="line1"
          rules={[
            { required: true, whitespace: true, message: 'Enter the street address.' },
            { max: 100, message: 'At most 100 characters.' },
            streetRule,
          ]}
        >
          <Input autoComplete="address-line1" data-testid="address-line1" />
        </Form.Item>
        <Form.Item
          label="Apartment, unit, level (optional)"
          name="line2"
          rules={[{ max: 100, message: 'At most 100 characters.' }, streetRule]}
        >
          <Input autoComplete="address-line2" data-testid="address-line2" />
        </Form.Item>
        <Form.Item
          label="Suburb"
          name="suburb"
          extra="Type a suburb or postcode and pick it from the list."
          rules={[{ required: true, whitespace: true, message: 'Pick your suburb.' }]}
        >
          <SuburbSearch
            testId="address-suburb"
            onPick={(s) => form.setFieldsValue({ suburb: s.suburb, state: s.state, postcode: s.postcode })}
          />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item label="State" name="state" rules={[{ required: true, message: 'Pick the state.' }]}>
              <Select
                options={australianStates.map((s) => ({ value: s, label: s }))}
                data-testid="address-state"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              label="Postcode"
              name="postcode"
              normalize={withoutSpaces}
              rules={[
                { required: true, message: 'Enter the postcode.' },
                { pattern: /^\d{4}$/, message: 'Four digits.' },
              ]}
            >
              <Input inputMode="numeric" data-testid="address-postcode" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
