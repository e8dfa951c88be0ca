import { Alert, Button, Empty, Input, List, Modal, Space, Tag, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useState } from 'react';
import type { Product } from '@storefront/contract/catalog';
import type { OrderLine } from '@storefront/contract/order';
import { formatMoney } from '../../../lib/format';
import { readErrorMessage } from '../../../lib/http/api-error';
import { searchProducts } from '../api';
import type { ChosenSubstitute } from '../pack-changes';

type Props = {
  line: OrderLine | null;
  onClose: () => void;
  onChosen: (substitute: ChosenSubstitute) => void;
};

/** Finds a product to send instead of a line's (charged at the lower of the two prices). */
export function SubstitutePicker({ line, onClose, onChosen }: Props) {
  const [found, setFound] = useState<Product[] | null>(null);
  const [keyword, setKeyword] = useState('');
  const [isSearching, setIsSearching] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const search = async (keyword: string) => {
    const text = keyword.trim();
    if (!text) return;
    setIsSearching(true);
    setFailure(null);
    try {
      setFound(await searchProducts(text));
    } catch (error) {
      setFailure(readErrorMessage(error));
    } finally {
      setIsSearching(false);
    }
  };

  const close = () => {
    setFound(null);
    setFailure(null);
    setKeyword('');
    onClose();
  };

  const candidates = (found ?? []).filter((p) => p.productID !== line?.productID);
  return (
    <Modal
      open={line !== null}
      title={line ? `Instead of ${line.name}` : 'Choose a substitute'}
      onCancel={close}
      footer={null}
      destroyOnHidden
    >
      <Space.Compact style={{ width: '100%' }}>
        <Input
          size="large"
          placeholder="Search products"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onPressEnter={() => void search(keyword)}
          aria-label="Search products"
          data-testid="substitute-search"
        />
        <Button
          size="large"
          type="primary"
          icon={<SearchOutlined />}
          loading={isSearching}
          onClick={() => void search(keyword)}
          data-testid="substitute-search-submit"
        >
          Search
        </Button>
      </Space.Compact>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginTop: 12 }} />}
      {found !== null && (
        <List<Product>
          style={{ marginTop: 12 }}
          dataSource={candidates}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No product found" />,
          }}
          renderItem={(product) => (
            <List.Item key={product.productID}>
              <Button
                block
                size="large"
                className="substitute-option"
                disabled={!product.available}
                onClick={() => {
                  onChosen({ productID: product.productID, name: product.name, price: product.price });
                  close();
                }}
                data-testid={`substitute-option-${product.productID}`}
              >
                <span className="substitute-option__name">{product.name}</span>
                <Typography.Text type="secondary">
                  {formatMoney(product.price)}
                  {line && product.price < line.price && (
                    <Tag className="tag-good" style={{ marginInlineStart: 6 }}>
                      Cheaper
                    </Tag>
                  )}
                  {!product.available && ' · out of stock'}
                </Typography.Text>
              </Button>
            </List.Item>
          )}
        />
      )}
    </Modal>
  );
}
