import { Checkbox, Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useEffect } from 'react';
import {
  CUTOFF_MINUTES_MAX,
  PRICE_DELTA_MAX,
  TEMPLATE_CAPACITY_MAX,
  WEEKDAYS,
  shippingZones,
  templateFieldShapes,
  weekdayNames,
  type DeliveryTemplate,
} from '@storefront/contract/delivery-admin';
import { errorCatalogue } from '@storefront/contract/errors';
import { FormModal } from '../../../components/form-modal';
import { schemaRule } from '../../../lib/form-rules';
import { addTemplate, updateTemplate } from '../api';
import { zoneLabels } from '../delivery-format';
import { formValuesOf, newTemplateValues, templateBodyOf, type TemplateFormValues } from '../template-form';

type Props = {
  /** The template to edit, null to add one; undefined while closed. */
  editing: DeliveryTemplate | null | undefined;
  onClose: () => void;
  onSaved: (template: DeliveryTemplate, isNew: boolean) => void;
};

const dayOptions = WEEKDAYS.map((d) => ({ value: d, label: weekdayNames[d] }));

/** Adds a window template to a zone, or edits one: its days, times, places, price and cut-off. */
export function TemplateFormModal({ editing, onClose, onSaved }: Props) {
  const [form] = Form.useForm<TemplateFormValues>();
  const isOpen = editing !== undefined;

  useEffect(() => {
    if (editing !== undefined) form.setFieldsValue(editing ? formValuesOf(editing) : newTemplateValues());
  }, [form, editing]);

  const submit = async (values: TemplateFormValues) => {
    const { zone, ...body } = templateBodyOf(values);
    if (editing) onSaved(await updateTemplate(editing.templateID, body), false);
    else onSaved(await addTemplate({ zone, ...body }), true);
  };

  return (
    <FormModal<TemplateFormValues>
      form={form}
      isOpen={isOpen}
      title={editing ? `Edit the ${editing.startTime} window` : 'Add a delivery window'}
      onClose={onClose}
      submit={submit}
      fieldsByCode={{
        [errorCatalogue.DELIVERY_TEMPLATE_START_TAKEN.code]: 'startTime',
        [errorCatalogue.DELIVERY_CAPACITY_BELOW_BOOKED.code]: 'capacity',
      }}
      okText={editing ? 'Save' : 'Add window'}
      cancelText="Cancel"
      testIds={{ ok: 'template-save', cancel: 'template-cancel', error: 'template-error' }}
      intro={
        <p>
          Times are Sydney&apos;s. The storefront offers the change at once; windows with orders booked keep
          their times and never get fewer places than are booked.
        </p>
      }
      initialValues={newTemplateValues()}
    >
      <div data-testid="template-form">
        <Form.Item label="Zone" name="zone" extra={editing ? 'A window stays in its zone.' : undefined}>
          <Select
            disabled={Boolean(editing)}
            options={shippingZones.map((z) => ({ value: z, label: zoneLabels[z] }))}
            data-testid="template-zone"
          />
        </Form.Item>
        <Form.Item
          label="Days"
          name="weekdays"
          rules={[{ required: true, type: 'array', min: 1, message: 'Choose at least one day.' }]}
        >
          <Checkbox.Group options={dayOptions} data-testid="template-days" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={12}>
            <Form.Item
              label="Starts"
              name="startTime"
              rules={[
                { required: true, message: 'Enter the start time.' },
                schemaRule(templateFieldShapes.startTime, 'The start'),
              ]}
            >
              <Input type="time" data-testid="template-start" />
            </Form.Item>
          </Col>
          <Col xs={12}>
            <Form.Item
              label="Ends"
              name="endTime"
              dependencies={['startTime']}
              rules={[
                { required: true, message: 'Enter the end time.' },
                schemaRule(templateFieldShapes.endTime, 'The end'),
                ({ getFieldValue }) => ({
                  validator: (_, value: unknown) =>
                    typeof value !== 'string' || value === '' || value > String(getFieldValue('startTime'))
                      ? Promise.resolve()
                      : Promise.reject(new Error('The end must be after the start, on the same day.')),
                }),
              ]}
            >
              <Input type="time" data-testid="template-end" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={12}>
            <Form.Item
              label="Places (orders)"
              name="capacity"
              rules={[
                { required: true, message: 'Enter how many orders it takes.' },
                {
                  type: 'integer',
                  min: 1,
                  max: TEMPLATE_CAPACITY_MAX,
                  message: `A whole number from 1 to ${TEMPLATE_CAPACITY_MAX}.`,
                },
              ]}
            >
              <InputNumber<number>
                inputMode="numeric"
                precision={0}
                style={{ width: '100%' }}
                data-testid="template-capacity"
              />
            </Form.Item>
          </Col>
          <Col xs={12}>
            <Form.Item
              label="Extra price ($)"
              name="priceDelta"
              extra="Negative for a cheaper window."
              rules={[
                { required: true, message: 'Enter the extra price, 0 for none.' },
                {
                  type: 'number',
                  min: -PRICE_DELTA_MAX / 100,
                  max: PRICE_DELTA_MAX / 100,
                  message: `From -$${PRICE_DELTA_MAX / 100} to $${PRICE_DELTA_MAX / 100}.`,
                },
              ]}
            >
              <InputNumber<number>
                inputMode="decimal"
                precision={2}
                step={0.5}
                style={{ width: '100%' }}
                data-testid="template-price"
              />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={12}>
            <Form.Item
              label="Booking closes (minutes before)"
              name="cutoffMinutes"
              rules={[
                { required: true, message: 'Enter the minutes, 0 for none.' },
                {
                  type: 'integer',
                  min: 0,
                  max: CUTOFF_MINUTES_MAX,
                  message: `Whole minutes from 0 to ${CUTOFF_MINUTES_MAX} (two days).`,
                },
              ]}
            >
              <InputNumber<number>
                inputMode="numeric"
                precision={0}
                step={15}
                style={{ width: '100%' }}
                data-testid="template-cutoff"
              />
            </Form.Item>
          </Col>
          <Col xs={12}>
            <Form.Item label="Offered" name="isActive" valuePropName="checked">
              <Switch data-testid="template-active" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          label="Label (optional)"
          name="label"
          rules={[schemaRule(templateFieldShapes.label, 'The label')]}
        >
          <Input maxLength={60} placeholder="Evening" autoComplete="off" data-testid="template-label" />
        </Form.Item>
      </div>
    </FormModal>
  );
}
