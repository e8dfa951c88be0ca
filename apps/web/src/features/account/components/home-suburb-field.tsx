import { Form, Input } from 'antd';
import type { Suburb } from '@storefront/contract/suburb';
import type { ReactNode } from 'react';
import { SuburbSearch } from '../../suburb/components/suburb-search';

/** The fields this adds to its form: the postcode comes with the suburb picked, never typed. */
export type HomeSuburbValues = { postCode?: string; suburb?: string };

type Props = {
  label: string;
  testId: string;
  /** At registration the home suburb may be left empty: the store's default postcode is used until it is set. */
  isOptional?: boolean;
  size?: 'large';
  /** Said under the field: the postcode picked, or what happens without one. */
  hint: (postCode: string | undefined) => ReactNode;
  /** Takes the focus as it appears (it replaced the button that opened its form). */
  isAutoFocused?: boolean;
};

/**
 * The customer's home suburb, picked from the suburb search addresses use, so a real locality is sent with its
 * postcode; for the profile and registration. What is wrong is said when the customer leaves the field or saves, not
 * while they type: a name half typed is not yet a mistake, and it has not had its chance to be picked.
 */
export function HomeSuburbField({ label, testId, isOptional = false, size, hint, isAutoFocused }: Props) {
  const form = Form.useFormInstance<HomeSuburbValues>();
  const postCode = Form.useWatch('postCode', form);

  // Typing undoes the pick: its postcode goes until another suburb is picked, and what was said about it is not.
  const onTyped = () => {
    form.setFieldValue('postCode', '');
    form.setFields([{ name: 'suburb', errors: [] }]);
  };
  const onPick = (s: Suburb) => {
    form.setFieldsValue({ suburb: s.suburb, postCode: s.postcode });
    // A pick after the field was left unpicked answers what was said then.
    form.validateFields(['suburb']).catch(() => undefined);
  };

  return (
    <>
      <Form.Item name="postCode" hidden>
        <Input />
      </Form.Item>
      <Form.Item
        label={label}
        name="suburb"
        extra={hint(postCode)}
        validateTrigger="onBlur"
        validateFirst
        rules={[
          ...(isOptional ? [] : [{ required: true, whitespace: true, message: 'Pick your suburb.' }]),
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) =>
              getFieldValue('postCode') || (isOptional && !value?.trim())
                ? Promise.resolve()
                : Promise.reject(
                    new Error(
                      isOptional
                        ? 'Pick your suburb from the list (it brings its postcode), or leave it empty.'
                        : 'Pick your suburb from the list: it brings its postcode.',
                    ),
                  ),
          }),
        ]}
      >
        <SuburbSearch
          testId={testId}
          size={size}
          isAutoFocused={isAutoFocused}
          onChange={onTyped}
          onPick={onPick}
        />
      </Form.Item>
    </>
  );
}
