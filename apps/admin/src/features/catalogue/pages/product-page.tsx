import { Alert, App, Button, Flex, Form, InputNumber, Space, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { AdminProduct } from '@storefront/contract/catalogue-admin';
import { errorCatalogue } from '@storefront/contract/errors';
import { LoadError } from '../../../components/load-error';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { productPath } from '../../../lib/access';
import { formatDateTime } from '../../../lib/format';
import { readErrorCode } from '../../../lib/http/api-error';
import { useRemoteData } from '../../../lib/use-remote-data';
import { createProduct, readProduct, updateProduct } from '../api';
import { aisleLabel } from '../catalogue-labels';
import { ProductStatusTag } from '../components/product-price';
import { ProductForm } from '../components/product-form';
import { ProductImageField } from '../components/product-image-field';
import { StockAdjustModal } from '../components/stock-adjust-modal';
import { StockMovements } from '../components/stock-movements';
import { StockTag } from '../components/stock-tag';
import {
  formValuesOf,
  newProductValues,
  productFieldsOf,
  showProductRefusal,
  type ProductFormValues,
} from '../product-form-values';

/** One product to edit (/products/:productID), or a new one (/products/new). */
export function ProductPage() {
  const { productID } = useParams();
  if (productID === 'new') return <NewProductPage />;
  return <ExistingProductPage productID={/^\d{1,9}$/.test(productID ?? '') ? Number(productID) : null} />;
}

function RefusalAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return <Alert type="error" showIcon title={message} data-testid="product-save-error" />;
}

function NewProductPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<ProductFormValues>();
  const [isSaving, setIsSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const save = async (values: ProductFormValues) => {
    const fields = productFieldsOf(values);
    if (!fields) return;
    setIsSaving(true);
    setRefusal(null);
    try {
      const created = await createProduct({ ...fields, stock: values.stock ?? 0 });
      void message.success(`${created.name} is added.`);
      void navigate(productPath(created.productID), { replace: true });
    } catch (error) {
      setRefusal(showProductRefusal(form, error));
      setIsSaving(false);
    }
  };

  return (
    <Page title="New product" lead="It goes on the shop when saved as active.">
      <ProductForm
        form={form}
        initialValues={newProductValues}
        onFinish={(values) => void save(values)}
        isSaving={isSaving}
        notice={<RefusalAlert message={refusal} />}
        saveLabel="Add product"
        imageSection={
          <Typography.Text type="secondary">
            Add the product first, then upload its image here.
          </Typography.Text>
        }
        stockSection={
          <Form.Item
            label="Opening stock"
            name="stock"
            rules={[
              { required: true, message: 'Enter how many are on the shelf.' },
              { type: 'integer', min: 0, max: 1_000_000, message: 'A whole number from 0.' },
            ]}
            style={{ marginBottom: 0 }}
          >
            <InputNumber<number>
              inputMode="numeric"
              precision={0}
              style={{ width: 160 }}
              data-testid="product-opening-stock"
            />
          </Form.Item>
        }
      />
    </Page>
  );
}

function ExistingProductPage({ productID }: { productID: number | null }) {
  const load = useCallback(
    () =>
      productID === null ? Promise.reject(new Error('There is no such product.')) : readProduct(productID),
    [productID],
  );
  const { status, data, error, reload, replace } = useRemoteData(load);
  return (
    <Page
      title={data?.name ?? 'Product'}
      lead={
        data && (
          <Space wrap size={8}>
            <ProductStatusTag isActive={data.isActive} />
            <span>SKU {data.sku}</span>
            <span>·</span>
            <span>{aisleLabel(data.category)}</span>
            <span>·</span>
            <span>Last changed {formatDateTime(data.updatedAt)}</span>
          </Space>
        )
      }
    >
      {status === 'failed' ? (
        <LoadError error={error} onRetry={reload} />
      ) : status === 'loading' || data === null ? (
        <PageLoading rows={12} />
      ) : (
        <ProductEditor product={data} onChanged={replace} onReload={reload} />
      )}
    </Page>
  );
}

type EditorProps = {
  product: AdminProduct;
  onChanged: (product: AdminProduct) => void;
  onReload: () => void;
};

/**
 * Edits a product. A save names the version the form's values were loaded on, so an edit made meanwhile by someone
 * else is refused rather than overwritten.
 */
function ProductEditor({ product, onChanged, onReload }: EditorProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ProductFormValues>();
  const [version, setVersion] = useState(product.version);
  const [isSaving, setIsSaving] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isStale, setIsStale] = useState(false);
  const [isAdjusting, setIsAdjusting] = useState(false);
  const [movementsKey, setMovementsKey] = useState(0);

  const save = async (values: ProductFormValues) => {
    const fields = productFieldsOf(values);
    if (!fields) return;
    setIsSaving(true);
    setRefusal(null);
    try {
      const saved = await updateProduct(product.productID, { ...fields, version });
      setVersion(saved.version);
      form.setFieldsValue(formValuesOf(saved));
      onChanged(saved);
      void message.success('Saved.');
    } catch (error) {
      if (readErrorCode(error) === errorCatalogue.PRODUCT_STALE.code) setIsStale(true);
      else setRefusal(showProductRefusal(form, error));
    } finally {
      setIsSaving(false);
    }
  };

  const imageUploaded = (answer: AdminProduct) => {
    // An upload moves the version by one: any more is someone else's edit, which a save must still be refused for.
    setVersion((known) => (answer.version === known + 1 ? answer.version : known));
    onChanged(answer);
  };

  const stockAdjusted = (answer: AdminProduct) => {
    setIsAdjusting(false);
    onChanged(answer);
    setMovementsKey((n) => n + 1);
    void message.success(`Stock is now ${answer.stock}.`);
  };

  const notice = isStale ? (
    <Alert
      type="warning"
      showIcon
      title={errorCatalogue.PRODUCT_STALE.msg}
      action={
        <Button onClick={onReload} data-testid="product-reload">
          Reload
        </Button>
      }
      data-testid="product-stale"
    />
  ) : (
    <RefusalAlert message={refusal} />
  );

  return (
    <>
      <ProductForm
        form={form}
        initialValues={formValuesOf(product)}
        onFinish={(values) => void save(values)}
        isSaving={isSaving}
        notice={notice}
        saveLabel="Save changes"
        imageSection={<ProductImageField product={product} onUploaded={imageUploaded} />}
        stockSection={
          <Flex vertical gap={12}>
            <Flex gap={12} align="center" wrap>
              <span>
                In stock: <StockTag stock={product.stock} />
              </span>
              <Button onClick={() => setIsAdjusting(true)} data-testid="stock-adjust">
                Adjust stock
              </Button>
            </Flex>
            <Typography.Text type="secondary">
              Stock changes only by an adjustment, so the history below says why it moved.
            </Typography.Text>
            {/* A new key reads the history again after a change. */}
            <StockMovements key={movementsKey} productID={product.productID} />
          </Flex>
        }
      />
      <StockAdjustModal
        product={isAdjusting ? product : null}
        onClose={() => setIsAdjusting(false)}
        onAdjusted={stockAdjusted}
      />
    </>
  );
}
