import { Button, Col, Empty, Input, Pagination, Row, Skeleton, Tabs, Typography } from 'antd';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { useRemoteData } from '../../../lib/use-remote-data';
import { listCategories, listProducts } from '../api';
import { ProductCard } from '../components/product-card';
import { useShopActions } from '../use-shop-actions';

const PAGE_SIZE = 12;
const ALL = 'all';

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

export function ProductListPage() {
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? ALL;
  const keyword = params.get('keyword') ?? '';
  const page = readPage(params.get('page'));
  const actions = useShopActions();

  const categories = useRemoteData(listCategories);
  const loadProducts = useCallback(
    () =>
      listProducts({
        page,
        pageSize: PAGE_SIZE,
        ...(category !== ALL ? { category } : {}),
        ...(keyword ? { keyword } : {}),
      }),
    [page, category, keyword],
  );
  const products = useRemoteData(loadProducts);

  const changeParams = (next: { category?: string; keyword?: string; page?: number }) => {
    const merged = { category, keyword, page: 1, ...next };
    const search = new URLSearchParams();
    if (merged.category !== ALL) search.set('category', merged.category);
    if (merged.keyword) search.set('keyword', merged.keyword);
    if (merged.page > 1) search.set('page', String(merged.page));
    setParams(search);
  };

  const total = categories.data?.reduce((sum, c) => sum + c.productCount, 0);
  const tabs = [
    { key: ALL, label: <span data-testid="category-tab-all">All{total ? ` (${total})` : ''}</span> },
    ...(categories.data ?? []).map((c) => ({
      key: c.category,
      label: (
        <span data-testid={`category-tab-${c.category}`}>
          {c.label} ({c.productCount})
        </span>
      ),
    })),
  ];

  return (
    <div className="page" data-testid="shop-page">
      <div className="page-heading shop-heading">
        <Typography.Title level={3} style={{ margin: 0 }}>
          Shop the aisles
        </Typography.Title>
        <Input.Search
          key={keyword}
          defaultValue={keyword}
          placeholder="Search products"
          allowClear
          enterButton
          maxLength={100}
          onSearch={(value) => changeParams({ keyword: value.trim() })}
          className="shop-search"
          data-testid="shop-search"
        />
      </div>
      <Tabs
        activeKey={category}
        items={tabs}
        onChange={(key) => changeParams({ category: key })}
        data-testid="shop-categories"
      />
      {products.status === 'failed' && !products.data ? (
        <LoadFailed
          title="The products could not be loaded"
          error={products.error}
          onRetry={products.reload}
          testId="shop-error"
        />
      ) : !products.data || products.status === 'loading' ? (
        <Row gutter={[16, 16]} data-testid="shop-loading">
          {Array.from({ length: 4 }, (_, i) => (
            <Col xs={24} sm={12} md={8} lg={6} key={i}>
              <Skeleton.Node active style={{ width: '100%', height: 260 }} />
            </Col>
          ))}
        </Row>
      ) : products.data.list.length === 0 ? (
        <Empty
          description={keyword ? `Nothing matches “${keyword}”` : 'No products here yet'}
          data-testid="shop-empty"
        >
          <Button onClick={() => changeParams({ category: ALL, keyword: '' })} data-testid="shop-clear">
            Show all products
          </Button>
        </Empty>
      ) : (
        <>
          <Row gutter={[16, 16]} data-testid="shop-products">
            {products.data.list.map((product) => (
              <Col xs={24} sm={12} md={8} lg={6} key={product.productID}>
                <ProductCard
                  product={product}
                  isAddingToCart={actions.isAddingToCart(product.productID)}
                  isAddingToWishlist={actions.isAddingToWishlist(product.productID)}
                  onAddToCart={() => void actions.addProductToCart(product.productID, 1, product.name)}
                  onAddToWishlist={() => void actions.addProductToWishlist(product.productID, product.name)}
                />
              </Col>
            ))}
          </Row>
          <Pagination
            className="shop-pagination"
            current={products.data.page}
            pageSize={products.data.pageSize}
            total={products.data.total}
            showSizeChanger={false}
            hideOnSinglePage
            onChange={(next) => {
              changeParams({ page: next });
              window.scrollTo({ top: 0 });
            }}
            data-testid="shop-pagination"
          />
        </>
      )}
    </div>
  );
}
