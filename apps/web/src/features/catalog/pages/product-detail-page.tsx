import { HeartOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Col, InputNumber, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { CART_LINE_QUANTITY_MAX } from '@storefront/contract/limits';
import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../../app/not-found-page';
import { LoadFailed } from '../../../components/load-failed';
import { hasSession } from '../../../lib/http/session';
import { formatMoney } from '../../../lib/money';
import { useRemoteData } from '../../../lib/use-remote-data';
import { ProductShippingEstimate } from '../../shipping/components/product-shipping-estimate';
import { listRelatedProducts, retrieveProduct } from '../api';
import { ProductCard } from '../components/product-card';
import { useShopActions } from '../use-shop-actions';

const RELATED_COUNT = 4;

function readProductID(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function ProductDetailPage() {
  const productID = readProductID(useParams().productID);
  if (productID === null) return <NotFoundPage />;
  return <ProductDetail key={productID} productID={productID} />;
}

function ProductDetail({ productID }: { productID: number }) {
  const actions = useShopActions();
  const [quantity, setQuantity] = useState(1);
  const product = useRemoteData(useCallback(() => retrieveProduct(productID), [productID]));
  const related = useRemoteData(
    useCallback(() => listRelatedProducts({ productIDs: [productID], limit: RELATED_COUNT }), [productID]),
  );

  if (product.status === 'failed' && !product.data) {
    return (
      <div className="page">
        <LoadFailed
          title="This product could not be loaded"
          error={product.error}
          onRetry={product.reload}
          testId="product-error"
        />
      </div>
    );
  }
  if (!product.data) {
    return (
      <div className="page" data-testid="product-loading">
        <Row gutter={[24, 24]}>
          <Col xs={24} md={10}>
            <Skeleton.Node active style={{ width: '100%', height: 320 }} />
          </Col>
          <Col xs={24} md={14}>
            <Skeleton active paragraph={{ rows: 6 }} />
          </Col>
        </Row>
      </div>
    );
  }

  const p = product.data;
  const max = Math.max(1, Math.min(p.stock, CART_LINE_QUANTITY_MAX));
  const stockTag = !p.available ? (
    <Tag color="default" data-testid="product-stock">
      {p.isActive ? 'Out of stock' : 'No longer sold'}
    </Tag>
  ) : p.stock <= 5 ? (
    <Tag color="orange" data-testid="product-stock">
      Only {p.stock} left
    </Tag>
  ) : (
    <Tag color="green" data-testid="product-stock">
      In stock
    </Tag>
  );

  return (
    <div className="page" data-testid="product-page">
      <Breadcrumb
        style={{ marginBottom: 16 }}
        items={[{ title: <Link to="/shop">Shop</Link> }, { title: p.name }]}
      />
      <Row gutter={[24, 24]}>
        <Col xs={24} md={10}>
          <div className="product-detail__image">
            <img src={p.imageUrl} alt={p.name} />
          </div>
        </Col>
        <Col xs={24} md={14}>
          <Typography.Title level={2} style={{ marginTop: 0 }} data-testid="product-name">
            {p.name}
          </Typography.Title>
          <Space align="center" size="middle" style={{ marginBottom: 12 }}>
            <Typography.Text className="product-detail__price" data-testid="product-price">
              {formatMoney(p.price)}
            </Typography.Text>
            {stockTag}
          </Space>
          <Typography.Paragraph data-testid="product-description">{p.description}</Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
            SKU {p.sku} · {(p.weightGrams / 1000).toFixed(2)} kg
          </Typography.Paragraph>
          <div className="product-detail__buy">
            <InputNumber
              mode="spinner"
              min={1}
              max={max}
              precision={0}
              value={quantity}
              disabled={!p.available}
              onChange={(value) => setQuantity(value ?? 1)}
              aria-label="Quantity"
              style={{ width: 130 }}
              data-testid="product-quantity"
            />
            <Button
              type="primary"
              size="large"
              icon={<ShoppingCartOutlined />}
              disabled={!p.available}
              loading={actions.isAddingToCart(p.productID)}
              onClick={() => void actions.addProductToCart(p.productID, Math.min(quantity, max), p.name)}
              data-testid="product-add"
            >
              Add to cart
            </Button>
            <Button
              size="large"
              icon={<HeartOutlined />}
              loading={actions.isAddingToWishlist(p.productID)}
              onClick={() => void actions.addProductToWishlist(p.productID, p.name)}
              data-testid="product-wishlist"
            >
              Add to wishlist
            </Button>
          </div>
          <ProductShippingEstimate
            productID={p.productID}
            quantity={Math.min(quantity, max)}
            isSignedIn={hasSession()}
          />
        </Col>
      </Row>
      {related.data && related.data.length > 0 && (
        <section style={{ marginTop: 32 }} data-testid="product-related">
          <Typography.Title level={4}>You may also like</Typography.Title>
          <Row gutter={[16, 16]}>
            {related.data.map((item) => (
              <Col xs={24} sm={12} md={6} key={item.productID}>
                <ProductCard
                  product={item}
                  isAddingToCart={actions.isAddingToCart(item.productID)}
                  isAddingToWishlist={actions.isAddingToWishlist(item.productID)}
                  onAddToCart={() => void actions.addProductToCart(item.productID, 1, item.name)}
                  onAddToWishlist={() => void actions.addProductToWishlist(item.productID, item.name)}
                />
              </Col>
            ))}
          </Row>
        </section>
      )}
    </div>
  );
}
