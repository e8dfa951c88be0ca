import { App, Button, Card, Empty, Flex, Pagination, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { LOW_STOCK_LEVEL, type AdminProduct } from '@storefront/contract/catalogue-admin';
import { LoadError } from '../../../components/load-error';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { productPath } from '../../../lib/access';
import { useRemoteData } from '../../../lib/use-remote-data';
import { listProducts } from '../api';
import { aisleLabel } from '../catalogue-labels';
import { StockAdjustModal } from '../components/stock-adjust-modal';
import { StockTag } from '../components/stock-tag';

const PAGE_SIZE = 50;

/** The active products at or below the low-stock level, each with a quick adjustment (a delivery, a count). */
export function StockPage() {
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const load = useCallback(
    () => listProducts({ status: 'active', lowStock: true, page, pageSize: PAGE_SIZE }),
    [page],
  );
  const { status, data, error, reload } = useRemoteData(load);
  const [adjusting, setAdjusting] = useState<AdminProduct | null>(null);

  const adjusted = (product: AdminProduct) => {
    setAdjusting(null);
    void message.success(`${product.name}: stock is now ${product.stock}.`);
    reload();
  };

  return (
    <Page
      title="Stock"
      lead={`Active products with ${LOW_STOCK_LEVEL} or fewer left: record a delivery or a count here.`}
    >
      {status === 'failed' ? (
        <LoadError error={error} onRetry={reload} />
      ) : data === null ? (
        <PageLoading rows={6} />
      ) : data.list.length === 0 ? (
        <Empty description="Nothing is low on stock" data-testid="stock-empty" />
      ) : (
        <div aria-busy={status === 'loading'}>
          <ul className="plain-list" data-testid="stock-list" style={{ maxWidth: 880 }}>
            {[...data.list]
              .sort((a, b) => a.stock - b.stock)
              .map((p) => (
                <li key={p.productID} data-testid="stock-row">
                  <Card size="small">
                    <Flex gap={12} align="center" justify="space-between" wrap>
                      <Flex vertical style={{ minWidth: 0, flex: '1 1 200px' }}>
                        <Link to={productPath(p.productID)} className="wrap-anywhere">
                          {p.name}
                        </Link>
                        <Typography.Text type="secondary" className="wrap-anywhere">
                          {p.sku} · {aisleLabel(p.category)}
                        </Typography.Text>
                      </Flex>
                      <Flex gap={12} align="center">
                        <StockTag stock={p.stock} />
                        <Button
                          onClick={() => setAdjusting(p)}
                          aria-label={`Adjust stock of ${p.name}`}
                          data-testid={`stock-quick-adjust-${p.productID}`}
                        >
                          Adjust
                        </Button>
                      </Flex>
                    </Flex>
                  </Card>
                </li>
              ))}
          </ul>
          {data.total > data.pageSize && (
            <Flex justify="center" style={{ marginTop: 16 }}>
              <Pagination
                simple
                current={data.page}
                pageSize={data.pageSize}
                total={data.total}
                onChange={setPage}
              />
            </Flex>
          )}
        </div>
      )}
      <StockAdjustModal product={adjusting} onClose={() => setAdjusting(null)} onAdjusted={adjusted} />
    </Page>
  );
}
