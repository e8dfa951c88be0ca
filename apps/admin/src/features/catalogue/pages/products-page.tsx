import {
  Button,
  Card,
  Empty,
  Flex,
  Form,
  Grid,
  Input,
  Pagination,
  Select,
  Space,
  Switch,
  Table,
  Typography,
} from 'antd';
import { useCallback, useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type {
  AdminProduct,
  AdminProductList,
  AdminProductListParams,
} from '@storefront/contract/catalogue-admin';
import { LoadError } from '../../../components/load-error';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { adminPages, productPath } from '../../../lib/access';
import { useRemoteData } from '../../../lib/use-remote-data';
import { listProducts } from '../api';
import { aisleLabel, aisleOptions } from '../catalogue-labels';
import { ProductPrice, ProductStatusTag } from '../components/product-price';
import { StockTag } from '../components/stock-tag';
import { PAGE_SIZES, readProductQuery, writeProductQuery, type ProductStatusFilter } from '../product-query';

type FilterForm = { q?: string; category?: string; status: ProductStatusFilter; lowStock: boolean };

const statusOptions: { value: ProductStatusFilter; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'all', label: 'All' },
];

/** Every product, active or not: by name, brand or SKU, aisle, status and low stock, a page at a time. */
export function ProductsPage() {
  const navigate = useNavigate();
  const isPhone = Grid.useBreakpoint().md === false;
  const [searchParams, setSearchParams] = useSearchParams();
  const query = readProductQuery(searchParams);
  const { q, category, status, lowStock, page, pageSize } = query;
  const load = useCallback(
    () => listProducts({ q, category, status, lowStock, page, pageSize }),
    [q, category, status, lowStock, page, pageSize],
  );
  const remote = useRemoteData(load);
  const [form] = Form.useForm<FilterForm>();

  useEffect(() => {
    form.setFieldsValue({ q, category, status, lowStock });
  }, [form, q, category, status, lowStock]);

  const show = (next: AdminProductListParams) => setSearchParams(writeProductQuery(next));
  const filter = (values: FilterForm) =>
    show({
      q: values.q?.trim() || undefined,
      category: values.category ?? undefined,
      status: values.status,
      lowStock: values.lowStock,
      page: 1,
      pageSize,
    });
  const isFiltered = q !== undefined || category !== undefined || status !== 'all' || lowStock;
  const showPage = (nextPage: number, nextSize: number) =>
    show({ ...query, page: nextSize === pageSize ? nextPage : 1, pageSize: nextSize });

  return (
    <Page
      title="Products"
      lead="Everything the shop sells, on sale or not: find a product by its name, brand or SKU, or list an aisle."
      actions={
        <Space wrap>
          <Button onClick={() => void navigate(adminPages.productImport.path)} data-testid="products-import">
            Import CSV
          </Button>
          <Button type="primary" onClick={() => void navigate(productPath('new'))} data-testid="products-new">
            New product
          </Button>
        </Space>
      }
    >
      <Form<FilterForm>
        form={form}
        layout={isPhone ? 'vertical' : 'inline'}
        style={{ rowGap: 12, marginBottom: 16 }}
        initialValues={{ status: 'all', lowStock: false }}
        onValuesChange={(changed: Partial<FilterForm>, values) => {
          // The search applies when sent (Enter or the button); the other filters at once.
          if (!('q' in changed)) filter(values);
        }}
        data-testid="products-filters"
      >
        <Form.Item label="Search" name="q" style={isPhone ? { marginBottom: 12 } : undefined}>
          <Input.Search
            allowClear
            placeholder="Name, brand or SKU"
            enterButton="Search"
            onSearch={(value) => filter({ ...form.getFieldsValue(), q: value })}
            style={{ width: isPhone ? '100%' : 300 }}
            data-testid="products-search"
          />
        </Form.Item>
        <Form.Item label="Aisle" name="category" style={isPhone ? { marginBottom: 12 } : undefined}>
          <Select<string>
            allowClear
            placeholder="Every aisle"
            options={aisleOptions}
            style={{ width: isPhone ? '100%' : 170 }}
            data-testid="products-aisle"
          />
        </Form.Item>
        <Form.Item label="Status" name="status" style={isPhone ? { marginBottom: 12 } : undefined}>
          <Select<ProductStatusFilter>
            options={statusOptions}
            style={{ width: isPhone ? '100%' : 120 }}
            data-testid="products-status"
          />
        </Form.Item>
        <Form.Item label="Low stock only" name="lowStock" valuePropName="checked">
          <Switch data-testid="products-low-stock" />
        </Form.Item>
      </Form>
      {remote.status === 'failed' ? (
        <LoadError error={remote.error} onRetry={remote.reload} />
      ) : remote.data === null ? (
        <PageLoading rows={8} />
      ) : remote.data.list.length === 0 ? (
        <Empty
          description={isFiltered ? 'No product matches these filters.' : 'No products yet.'}
          data-testid="products-empty"
        >
          {isFiltered ? (
            <Button onClick={() => show({ status: 'all', lowStock: false, page: 1, pageSize })}>
              Show all products
            </Button>
          ) : (
            <Button type="primary" onClick={() => void navigate(productPath('new'))}>
              Add the first product
            </Button>
          )}
        </Empty>
      ) : isPhone ? (
        <ProductCards data={remote.data} onPage={showPage} isLoading={remote.status === 'loading'} />
      ) : (
        <ProductTable
          data={remote.data}
          onPage={showPage}
          isLoading={remote.status === 'loading'}
          onOpen={(productID) => void navigate(productPath(productID))}
        />
      )}
    </Page>
  );
}

type ListProps = {
  data: AdminProductList;
  onPage: (page: number, pageSize: number) => void;
  isLoading: boolean;
};

const countLabel = (total: number) => `${total} ${total === 1 ? 'product' : 'products'}`;

function Thumbnail({ product }: { product: AdminProduct }) {
  return (
    <img
      src={product.thumbnailUrl}
      alt=""
      width={48}
      height={48}
      loading="lazy"
      style={{ objectFit: 'cover', borderRadius: 6, background: '#fafafa', flex: 'none' }}
    />
  );
}

function ProductTable({
  data,
  onPage,
  isLoading,
  onOpen,
}: ListProps & { onOpen: (productID: number) => void }) {
  return (
    <Table<AdminProduct>
      rowKey="productID"
      dataSource={data.list}
      loading={isLoading}
      onRow={(product) => {
        const testID = { 'data-testid': 'product-row' };
        return {
          ...testID,
          style: { cursor: 'pointer' },
          onClick: (event) => {
            // The name is a link of its own: its click already opens the product.
            if (event.target instanceof Element && event.target.closest('a, button')) return;
            onOpen(product.productID);
          },
        };
      }}
      pagination={{
        current: data.page,
        pageSize: data.pageSize,
        total: data.total,
        pageSizeOptions: PAGE_SIZES.map(String),
        showSizeChanger: true,
        showTotal: countLabel,
        onChange: onPage,
      }}
      columns={[
        {
          title: <span className="visually-hidden">Image</span>,
          key: 'image',
          width: 64,
          render: (_, p) => <Thumbnail product={p} />,
        },
        {
          title: 'Product',
          key: 'name',
          render: (_, p) => (
            <Space orientation="vertical" size={0}>
              <Link to={productPath(p.productID)} data-testid={`product-link-${p.productID}`}>
                {p.name}
              </Link>
              {p.brand && <Typography.Text type="secondary">{p.brand}</Typography.Text>}
            </Space>
          ),
        },
        { title: 'SKU', key: 'sku', render: (_, p) => <span className="wrap-anywhere">{p.sku}</span> },
        { title: 'Aisle', key: 'aisle', responsive: ['lg'], render: (_, p) => aisleLabel(p.category) },
        { title: 'Price', key: 'price', render: (_, p) => <ProductPrice product={p} /> },
        { title: 'Stock', key: 'stock', align: 'right', render: (_, p) => <StockTag stock={p.stock} /> },
        { title: 'Status', key: 'status', render: (_, p) => <ProductStatusTag isActive={p.isActive} /> },
      ]}
    />
  );
}

/** On a phone: a card per product, the whole card a link to it. */
function ProductCards({ data, onPage, isLoading }: ListProps) {
  return (
    <div aria-busy={isLoading}>
      <ul className="plain-list" data-testid="product-cards">
        {data.list.map((p) => (
          <li key={p.productID}>
            <Link
              to={productPath(p.productID)}
              data-testid="product-row"
              style={{ display: 'block', color: 'inherit' }}
            >
              <Card size="small" hoverable>
                <Flex gap={12} align="start">
                  <Thumbnail product={p} />
                  <Flex vertical gap={4} style={{ minWidth: 0, flex: 1 }}>
                    <Typography.Text strong className="wrap-anywhere">
                      {p.name}
                    </Typography.Text>
                    <Typography.Text type="secondary" className="wrap-anywhere">
                      {[p.brand, p.sku, aisleLabel(p.category)].filter(Boolean).join(' · ')}
                    </Typography.Text>
                    <Flex wrap gap={8} align="center">
                      <ProductPrice product={p} />
                      <StockTag stock={p.stock} />
                      <ProductStatusTag isActive={p.isActive} />
                    </Flex>
                  </Flex>
                </Flex>
              </Card>
            </Link>
          </li>
        ))}
      </ul>
      <Flex justify="center" style={{ marginTop: 16 }}>
        <Pagination
          simple
          current={data.page}
          pageSize={data.pageSize}
          total={data.total}
          showTotal={countLabel}
          onChange={onPage}
        />
      </Flex>
    </div>
  );
}
