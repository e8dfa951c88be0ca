import {
  AutoComplete,
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Flex,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Switch,
  Typography,
  type FormInstance,
  type FormRule,
} from 'antd';
import type { KeyboardEvent, ReactNode } from 'react';
import { allergens, packUnits, sku as skuSchema } from '@storefront/contract/catalogue-admin';
import { DIETARY_LABELS, dietaryMarks } from '@storefront/contract/limits';
import { schemaRule } from '../../../lib/form-rules';
import { dollarsToCents, formatMoney } from '../../../lib/format';
import { aisleOptions, allergenLabel, originWordings, packUnitLabels } from '../catalogue-labels';
import type { PackUnit, ProductFormValues } from '../product-form-values';
import { formatUnitPrice, unitPriceOf } from '../unit-price';

const MAX_CENTS = 10_000_000;
const allergenOptions = allergens.map((a) => ({ value: a, label: allergenLabel(a) }));
const originOptions = originWordings.map((w) => ({ value: w }));
const dietaryOptions = dietaryMarks.map((m) => ({ value: m, label: DIETARY_LABELS[m] }));
const PICKER_FORMAT = 'YYYY-MM-DD HH:mm';

type Props = {
  form: FormInstance<ProductFormValues>;
  initialValues: ProductFormValues;
  onFinish: (values: ProductFormValues) => void;
  isSaving: boolean;
  /** A refusal about none of the fields, or the stale-edit notice. */
  notice: ReactNode;
  saveLabel: string;
  imageSection: ReactNode;
  stockSection: ReactNode;
};

/** Enter in a date picker confirms the date; it must not also send the whole form, as in any other field it would. */
function keepFormOpen(event: KeyboardEvent<HTMLElement>): void {
  if (event.key === 'Enter') event.preventDefault();
}

function Section({ title, children, testID }: { title: string; children: ReactNode; testID?: string }) {
  return (
    <Card title={<h2 className="card-heading">{title}</h2>} data-testid={testID}>
      {children}
    </Card>
  );
}

function dollarsRule(message: string): FormRule {
  return {
    validator: (_, value: unknown) => {
      if (value === undefined || value === null || value === '') return Promise.resolve();
      const cents = dollarsToCents(typeof value === 'string' ? value : String(value));
      return cents !== null && cents >= 1 && cents <= MAX_CENTS
        ? Promise.resolve()
        : Promise.reject(new Error(message));
    },
  };
}

const specialBelowPrice: FormRule = ({ getFieldValue }) => ({
  validator: (_, value: unknown) => {
    const special = dollarsToCents(typeof value === 'string' ? value : undefined);
    const price = dollarsToCents(getFieldValue('price') as string | undefined);
    if (special === null || price === null || special < price) return Promise.resolve();
    return Promise.reject(new Error(`The special price must be below the price (${formatMoney(price)}).`));
  },
});

const endsAfterStart: FormRule = ({ getFieldValue }) => ({
  validator: (_, value: ProductFormValues['specialEndsAt']) => {
    const startsAt = getFieldValue('specialStartsAt') as ProductFormValues['specialStartsAt'];
    if (!value || !startsAt || value.isAfter(startsAt)) return Promise.resolve();
    return Promise.reject(new Error('The special must end after it starts.'));
  },
});

const packTogether =
  (other: 'packSize' | 'packUnit', message: string): FormRule =>
  ({ getFieldValue }) => ({
    validator: (_, value: unknown) => {
      const hasOther = getFieldValue(other) !== undefined && getFieldValue(other) !== null;
      const hasThis = value !== undefined && value !== null;
      return hasOther && !hasThis ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  });

/** The product's unit price as the shop will show it, worked out from what the form holds now. */
function UnitPricePreview({ form }: { form: FormInstance<ProductFormValues> }) {
  const price = dollarsToCents(Form.useWatch('price', form));
  const packSize = Form.useWatch('packSize', form);
  const packUnit = Form.useWatch('packUnit', form);
  const category = Form.useWatch('category', form);
  const unitPrice =
    price === null
      ? null
      : unitPriceOf({
          price,
          packSize: packSize ?? null,
          packUnit: packUnit ?? null,
          category: category ?? '',
        });
  return (
    <Typography.Paragraph data-testid="product-unit-price" style={{ marginBottom: 0 }}>
      {unitPrice ? (
        <>
          Unit price on the shop: <strong>{formatUnitPrice(unitPrice)}</strong>
        </>
      ) : (
        <Typography.Text type="secondary">Give the price and pack size to show a unit price.</Typography.Text>
      )}
    </Typography.Paragraph>
  );
}

function SpecialFields({ form }: { form: FormInstance<ProductFormValues> }) {
  const hasSpecial = Form.useWatch('hasSpecial', form);
  return (
    <>
      <Form.Item label="On special" name="hasSpecial" valuePropName="checked">
        <Switch data-testid="product-special-toggle" />
      </Form.Item>
      {hasSpecial && (
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              label="Special price"
              name="specialPrice"
              dependencies={['price']}
              rules={[
                { required: true, whitespace: true, message: 'Enter the special price.' },
                dollarsRule('Enter the special price in dollars, such as 3.50.'),
                specialBelowPrice,
              ]}
            >
              <Input inputMode="decimal" prefix="$" autoComplete="off" data-testid="product-special-price" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              label="Starts (Sydney time)"
              name="specialStartsAt"
              rules={[{ required: true, message: 'Choose when the special starts.' }]}
            >
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format={PICKER_FORMAT}
                style={{ width: '100%' }}
                onKeyDown={keepFormOpen}
                data-testid="product-special-starts"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              label="Ends (Sydney time)"
              name="specialEndsAt"
              dependencies={['specialStartsAt']}
              rules={[{ required: true, message: 'Choose when the special ends.' }, endsAfterStart]}
            >
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format={PICKER_FORMAT}
                style={{ width: '100%' }}
                onKeyDown={keepFormOpen}
                data-testid="product-special-ends"
              />
            </Form.Item>
          </Col>
        </Row>
      )}
    </>
  );
}

/** A product's fields in sections, for a new product and an existing one alike. */
export function ProductForm({
  form,
  initialValues,
  onFinish,
  isSaving,
  notice,
  saveLabel,
  imageSection,
  stockSection,
}: Props) {
  return (
    <Form<ProductFormValues>
      form={form}
      layout="vertical"
      requiredMark="optional"
      initialValues={initialValues}
      onFinish={onFinish}
      scrollToFirstError={{ block: 'center', focus: true }}
      style={{ maxWidth: 880 }}
      data-testid="product-form"
    >
      <Flex vertical gap={16}>
        <Section title="Basics">
          <Form.Item
            label="Name"
            name="name"
            rules={[
              { required: true, whitespace: true, message: 'Enter the product’s name.' },
              { max: 200, message: 'At most 200 characters.' },
            ]}
          >
            <Input autoComplete="off" data-testid="product-name" />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item label="Brand" name="brand" rules={[{ max: 80, message: 'At most 80 characters.' }]}>
                <Input autoComplete="off" data-testid="product-brand" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                label="SKU"
                name="sku"
                rules={[
                  { required: true, whitespace: true, message: 'Enter the SKU.' },
                  schemaRule(skuSchema, 'SKU'),
                ]}
              >
                <Input autoComplete="off" spellCheck={false} data-testid="product-sku" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                label="Aisle"
                name="category"
                rules={[{ required: true, message: 'Choose the aisle.' }]}
              >
                <Select<string>
                  options={aisleOptions}
                  placeholder="Choose an aisle"
                  data-testid="product-aisle"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                label="Weight for delivery (grams)"
                name="weightGrams"
                rules={[
                  { required: true, message: 'Enter the weight in grams.' },
                  { type: 'integer', min: 0, max: 100_000, message: 'Enter whole grams, at most 100,000.' },
                ]}
              >
                <InputNumber<number>
                  inputMode="numeric"
                  precision={0}
                  style={{ width: '100%' }}
                  data-testid="product-weight"
                />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            label="Description"
            name="description"
            rules={[{ max: 4000, message: 'At most 4,000 characters.' }]}
          >
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} data-testid="product-description" />
          </Form.Item>
        </Section>

        <Section title="Price">
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                label="Price"
                name="price"
                rules={[
                  { required: true, whitespace: true, message: 'Enter the price.' },
                  dollarsRule('Enter the price in dollars, such as 4.50.'),
                ]}
              >
                <Input inputMode="decimal" prefix="$" autoComplete="off" data-testid="product-price" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                label="GST-free"
                name="gstFree"
                valuePropName="checked"
                extra="Basic food (fruit and veg, milk, bread, meat) is GST-free; most else carries 10% GST."
              >
                <Switch data-testid="product-gst-free" />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item
                label="Pack size"
                name="packSize"
                dependencies={['packUnit']}
                rules={[
                  { type: 'integer', min: 1, max: 1_000_000, message: 'A whole number from 1.' },
                  packTogether('packUnit', 'Give the pack size too.'),
                ]}
              >
                <InputNumber<number>
                  inputMode="numeric"
                  precision={0}
                  style={{ width: '100%' }}
                  data-testid="product-pack-size"
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item
                label="Unit"
                name="packUnit"
                dependencies={['packSize']}
                rules={[packTogether('packSize', 'Choose the unit too.')]}
              >
                <Select<PackUnit>
                  allowClear
                  placeholder="None"
                  options={packUnits.map((u) => ({ value: u, label: packUnitLabels[u] }))}
                  data-testid="product-pack-unit"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} style={{ alignSelf: 'center' }}>
              <UnitPricePreview form={form} />
            </Col>
          </Row>
        </Section>

        <Section title="Special" testID="product-special">
          <SpecialFields form={form} />
        </Section>

        <Section title="Food information">
          <Form.Item
            label="Ingredients"
            name="ingredients"
            rules={[{ max: 4000, message: 'At most 4,000 characters.' }]}
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} data-testid="product-ingredients" />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item label="Contains" name="allergensContains">
                <Select
                  mode="multiple"
                  allowClear
                  placeholder="No allergens"
                  options={allergenOptions}
                  data-testid="product-allergens-contains"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label="May contain" name="allergensMayContain">
                <Select
                  mode="multiple"
                  allowClear
                  placeholder="Nothing declared"
                  options={allergenOptions}
                  data-testid="product-allergens-may-contain"
                />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            label="Dietary"
            name="dietary"
            extra="Only what the label claims. A vegan product is found by shoppers filtering for vegetarian too."
          >
            <Checkbox.Group options={dietaryOptions} data-testid="product-dietary" />
          </Form.Item>
          <Form.Item
            label="Country of origin"
            name="originStatement"
            rules={[{ max: 300, message: 'At most 300 characters.' }]}
            extra="Start from a standard wording (Product of Australia, Made in Australia from at least 90% Australian ingredients…) and fill in the percentage or country."
          >
            <AutoComplete
              options={originOptions}
              showSearch={{
                filterOption: (input, option) =>
                  String(option?.value ?? '')
                    .toLowerCase()
                    .includes(input.toLowerCase()),
              }}
              data-testid="product-origin"
            />
          </Form.Item>
        </Section>

        <Section title="Image">{imageSection}</Section>
        <Section title="Stock">{stockSection}</Section>

        <Section title="Status">
          <Form.Item
            label="Active (on the shop)"
            name="isActive"
            valuePropName="checked"
            extra="An inactive product is hidden from the shop; products are never deleted, so orders keep theirs."
            style={{ marginBottom: 0 }}
          >
            <Switch data-testid="product-active" />
          </Form.Item>
        </Section>

        {notice}
        <Flex gap={12} wrap>
          <Button type="primary" htmlType="submit" size="large" loading={isSaving} data-testid="product-save">
            {saveLabel}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
