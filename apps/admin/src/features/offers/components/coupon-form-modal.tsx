import { Flex, Form, Input, InputNumber, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { couponKind } from '@storefront/contract/cart';
import { errorCatalogue } from '@storefront/contract/errors';
import {
  couponBody,
  couponCode,
  couponValueProblem,
  PER_CUSTOMER_LIMIT_MAX,
  type CouponDetail,
  type StaffCoupon,
} from '@storefront/contract/offers-admin';
import { FormModal } from '../../../components/form-modal';
import { dollarsToCents } from '../../../lib/format';
import { schemaRule } from '../../../lib/form-rules';
import { createCoupon, updateCoupon } from '../api';
import { couponBodyOf, couponFormValues, couponValueOf, type CouponFormValues } from '../coupon-form-values';
import { couponKindLabels } from '../offer-words';

type Props = {
  isOpen: boolean;
  /** The coupon to edit; null makes a new one. */
  coupon: StaffCoupon | null;
  onClose: () => void;
  onSaved: (coupon: CouponDetail) => void;
};

const kindOptions = couponKind.options.map((kind) => ({ value: kind, label: couponKindLabels[kind] }));

/** A new coupon, or a change to one: what it gives, to whom, when and how often. */
export function CouponFormModal({ isOpen, coupon, onClose, onSaved }: Props) {
  const [form] = Form.useForm<CouponFormValues>();
  const kind = Form.useWatch('kind', form);

  useEffect(() => {
    if (isOpen) form.setFieldsValue(couponFormValues(coupon));
  }, [form, isOpen, coupon]);

  const save = async (values: CouponFormValues) => {
    const body = couponBodyOf(values, coupon);
    onSaved(coupon ? await updateCoupon(coupon.couponID, body) : await createCoupon(body));
  };

  return (
    <FormModal<CouponFormValues>
      form={form}
      isOpen={isOpen}
      title={coupon ? `Edit ${coupon.code}` : 'New coupon'}
      onClose={onClose}
      submit={save}
      fieldsByCode={{
        [errorCatalogue.COUPON_CODE_TAKEN.code]: 'code',
        [errorCatalogue.COUPON_LIMIT_BELOW_USES.code]: 'usageLimit',
      }}
      okText={coupon ? 'Save' : 'Make coupon'}
      cancelText="Cancel"
      testIds={{ ok: 'coupon-form-submit', cancel: 'coupon-form-cancel', error: 'coupon-form-error' }}
      intro={
        <p>
          A change works in every cart at once. Dates are the store&apos;s days in Sydney: it works from the
          start of the first to the end of the last.
        </p>
      }
    >
      <div data-testid="coupon-form">
        <Form.Item
          label="Code"
          name="code"
          extra="Letters and digits; customers may type it in any case."
          rules={[
            { required: true, whitespace: true, message: 'Enter the code customers type.' },
            schemaRule(couponCode, 'Code'),
          ]}
        >
          <Input autoComplete="off" style={{ textTransform: 'uppercase' }} data-testid="coupon-code" />
        </Form.Item>
        <Form.Item
          label="Description"
          name="description"
          extra="Customers see it in their cart and wallet."
          rules={[
            { required: true, whitespace: true, message: 'Describe the offer.' },
            schemaRule(couponBody.shape.description, 'Description'),
          ]}
        >
          <Input autoComplete="off" data-testid="coupon-description" />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item label="Gives" name="kind" style={{ flex: '1 1 160px' }}>
            <Select options={kindOptions} data-testid="coupon-kind" />
          </Form.Item>
          {kind !== 'free_shipping' && (
            <Form.Item
              label={kind === 'fixed' ? 'Dollars off' : 'Percent off'}
              name="value"
              style={{ flex: '1 1 140px' }}
              dependencies={['kind']}
              rules={[
                {
                  validator: (_, typed: string | undefined) => {
                    const current = form.getFieldValue('kind') === 'fixed' ? 'fixed' : 'percent';
                    const value = couponValueOf(current, typed);
                    if (Number.isNaN(value))
                      return Promise.reject(
                        new Error(
                          current === 'fixed'
                            ? 'Enter dollars, such as 5 or 7.50.'
                            : 'Enter a whole percent.',
                        ),
                      );
                    const problem = couponValueProblem(current, value);
                    return problem ? Promise.reject(new Error(`Value ${problem}.`)) : Promise.resolve();
                  },
                },
              ]}
            >
              <Input
                inputMode="decimal"
                prefix={kind === 'fixed' ? '$' : undefined}
                suffix={kind === 'fixed' ? undefined : '%'}
                data-testid="coupon-value"
              />
            </Form.Item>
          )}
          <Form.Item
            label="Minimum spend"
            name="minSpend"
            style={{ flex: '1 1 140px' }}
            rules={[
              {
                validator: (_, typed: string | undefined) =>
                  !typed?.trim() || dollarsToCents(typed) !== null
                    ? Promise.resolve()
                    : Promise.reject(new Error('Enter dollars, such as 30, or leave it empty.')),
              },
            ]}
          >
            <Input inputMode="decimal" prefix="$" placeholder="None" data-testid="coupon-min-spend" />
          </Form.Item>
        </Flex>
        <Flex gap={16} wrap>
          <Form.Item
            label="First day"
            name="startsAt"
            style={{ flex: '1 1 160px' }}
            rules={[{ required: true, message: 'Choose the first day.' }]}
          >
            <Input type="date" data-testid="coupon-starts" />
          </Form.Item>
          <Form.Item
            label="Last day"
            name="endsAt"
            style={{ flex: '1 1 160px' }}
            dependencies={['startsAt']}
            rules={[
              { required: true, message: 'Choose the last day.' },
              ({ getFieldValue }) => ({
                validator: (_, last: string | undefined) => {
                  const first: unknown = getFieldValue('startsAt');
                  return !last || typeof first !== 'string' || last >= first
                    ? Promise.resolve()
                    : Promise.reject(new Error('The last day cannot be before the first.'));
                },
              }),
            ]}
          >
            <Input type="date" data-testid="coupon-ends" />
          </Form.Item>
        </Flex>
        <Flex gap={16} wrap>
          <Form.Item
            label="Uses in all"
            name="usageLimit"
            extra="Empty: no limit."
            style={{ flex: '1 1 160px' }}
          >
            <InputNumber<number>
              min={1}
              precision={0}
              placeholder="No limit"
              style={{ width: '100%' }}
              data-testid="coupon-usage-limit"
            />
          </Form.Item>
          <Form.Item
            label="Uses per customer"
            name="perCustomerLimit"
            style={{ flex: '1 1 160px' }}
            rules={[{ required: true, message: 'Enter how often one customer may use it.' }]}
          >
            <InputNumber<number>
              min={1}
              max={PER_CUSTOMER_LIMIT_MAX}
              precision={0}
              style={{ width: '100%' }}
              data-testid="coupon-per-customer"
            />
          </Form.Item>
        </Flex>
        <Form.Item
          label="Personal"
          name="isPersonal"
          valuePropName="checked"
          extra="A personal coupon works only for the customers you give it to, and shows in their wallet."
        >
          <Switch data-testid="coupon-personal" />
        </Form.Item>
      </div>
    </FormModal>
  );
}
