import { Flex, Form, Input, InputNumber } from 'antd';
import { useEffect } from 'react';
import { errorCatalogue } from '@storefront/contract/errors';
import {
  OFFER_AMOUNT_MAX,
  VOUCHER_BATCH_MAX,
  voucherBatchLabel,
  type VoucherBatch,
} from '@storefront/contract/offers-admin';
import { FormModal } from '../../../components/form-modal';
import { dollarsToCents, formatMoney, storeDayOf } from '../../../lib/format';
import { schemaRule } from '../../../lib/form-rules';
import { createVoucherBatch } from '../api';
import { storeDaysEnd } from '../store-days';

type Props = { isOpen: boolean; onClose: () => void; onMade: (batch: VoucherBatch) => void };

type Values = { label: string; count: number; amount: string; expiresAt: string };

/** A year and a day, as gift cards commonly run. */
const DEFAULT_DAYS = 365;

/** Makes a batch of gift voucher codes, each worth the same amount until the same day. */
export function VoucherBatchModal({ isOpen, onClose, onMade }: Props) {
  const [form] = Form.useForm<Values>();

  useEffect(() => {
    if (isOpen)
      form.setFieldsValue({
        count: 10,
        expiresAt: storeDayOf(new Date(Date.now() + DEFAULT_DAYS * 24 * 3600 * 1000)),
      });
  }, [form, isOpen]);

  return (
    <FormModal<Values>
      form={form}
      isOpen={isOpen}
      title="New batch of gift vouchers"
      onClose={onClose}
      submit={async (values) =>
        onMade(
          await createVoucherBatch({
            label: values.label.trim(),
            count: values.count,
            amount: dollarsToCents(values.amount) ?? Number.NaN,
            expiresAt: storeDaysEnd(values.expiresAt),
          }),
        )
      }
      fieldsByCode={{
        [errorCatalogue.VOUCHER_BATCH_TAKEN.code]: 'label',
        [errorCatalogue.VOUCHER_EXPIRY_PAST.code]: 'expiresAt',
      }}
      okText="Make codes"
      cancelText="Cancel"
      testIds={{ ok: 'voucher-batch-submit', cancel: 'voucher-batch-cancel', error: 'voucher-batch-error' }}
      intro={
        <p>
          Each code adds its amount to the store credit of the customer who redeems it, once. Download the
          batch as CSV to print or send the codes.
        </p>
      }
    >
      <Form.Item
        label="Label"
        name="label"
        extra="Names the batch in the list and its file, such as “Christmas 2026”."
        rules={[
          { required: true, whitespace: true, message: 'Name the batch.' },
          schemaRule(voucherBatchLabel, 'Label'),
        ]}
      >
        <Input autoComplete="off" data-testid="voucher-batch-label" />
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item
          label="Codes"
          name="count"
          style={{ flex: '1 1 120px' }}
          rules={[{ required: true, message: `Enter how many, 1 to ${VOUCHER_BATCH_MAX}.` }]}
        >
          <InputNumber<number>
            min={1}
            max={VOUCHER_BATCH_MAX}
            precision={0}
            style={{ width: '100%' }}
            data-testid="voucher-batch-count"
          />
        </Form.Item>
        <Form.Item
          label="Amount each"
          name="amount"
          style={{ flex: '1 1 140px' }}
          rules={[
            {
              validator: (_, typed: string | undefined) => {
                const cents = dollarsToCents(typed);
                if (cents === null || cents < 1)
                  return Promise.reject(new Error('Enter dollars, such as 25.'));
                if (cents > OFFER_AMOUNT_MAX)
                  return Promise.reject(new Error(`At most ${formatMoney(OFFER_AMOUNT_MAX)} a voucher.`));
                return Promise.resolve();
              },
            },
          ]}
        >
          <Input inputMode="decimal" prefix="$" data-testid="voucher-batch-amount" />
        </Form.Item>
        <Form.Item
          label="Last day it works"
          name="expiresAt"
          style={{ flex: '1 1 160px' }}
          rules={[
            { required: true, message: 'Choose the last day.' },
            {
              validator: (_, day: string | undefined) =>
                !day || day >= storeDayOf()
                  ? Promise.resolve()
                  : Promise.reject(new Error('Choose today or later.')),
            },
          ]}
        >
          <Input type="date" data-testid="voucher-batch-expires" />
        </Form.Item>
      </Flex>
    </FormModal>
  );
}
