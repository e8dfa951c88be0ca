import { UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex, Typography, Upload } from 'antd';
import { useState } from 'react';
import type { AdminProduct } from '@storefront/contract/catalogue-admin';
import { readErrorMessage } from '../../../lib/http/api-error';
import { uploadProductImage } from '../api';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

type Props = { product: AdminProduct; onUploaded: (product: AdminProduct) => void };

/** The product's current image, and a new one uploaded at once (the form's Save is not needed for it). */
export function ProductImageField({ product, onUploaded }: Props) {
  const { message } = App.useApp();
  const [isUploading, setIsUploading] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const upload = async (file: File) => {
    setRefusal(null);
    if (!IMAGE_TYPES.includes(file.type)) {
      setRefusal('Choose a JPEG, PNG or WebP image.');
      return;
    }
    setIsUploading(true);
    try {
      onUploaded(await uploadProductImage(product.productID, file));
      void message.success('The new image is on the shop.');
    } catch (error) {
      setRefusal(readErrorMessage(error));
    } finally {
      setIsUploading(false);
    }
  };

  return (
    <Flex gap={16} wrap align="start">
      <img
        src={product.imageUrl}
        alt={`Current image of ${product.name}`}
        width={160}
        height={160}
        style={{ objectFit: 'contain', background: '#fafafa', borderRadius: 8, border: '1px solid #e8e8ea' }}
        data-testid="product-image"
      />
      <Flex vertical gap={8} style={{ flex: '1 1 220px', minWidth: 0 }}>
        <div data-testid="product-image-upload">
          <Upload
            accept={IMAGE_TYPES.join(',')}
            showUploadList={false}
            disabled={isUploading}
            beforeUpload={(file) => {
              void upload(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<UploadOutlined />} loading={isUploading}>
              Upload a new image
            </Button>
          </Upload>
        </div>
        <Typography.Text type="secondary">
          A JPEG, PNG or WebP photo, square works best. It replaces the current one straight away.
        </Typography.Text>
        {refusal && <Alert type="error" showIcon title={refusal} data-testid="product-image-error" />}
      </Flex>
    </Flex>
  );
}
