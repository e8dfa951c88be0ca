import { HeartOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Button, Card, Tag, Typography } from 'antd';
import type { Product } from '@storefront/contract/catalog';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/money';

type Props = {
  product: Product;
  isAddingToCart: boolean;
  isAddingToWishlist: boolean;
  onAddToCart: () => void;
  onAddToWishlist: () => void;
};

export function ProductCard({
  product,
  isAddingToCart,
  isAddingToWishlist,
  onAddToCart,
  onAddToWishlist,
}: Props) {
  const id = product.productID;
  return (
    <Card className="product-card" styles={{ body: { padding: 12 } }} data-testid={`product-card-${id}`}>
      <Link to={`/product/${id}`} className="product-card__image" data-testid={`product-link-${id}`}>
        <img src={product.imageUrl} alt={product.name} loading="lazy" />
      </Link>
      <div className="product-card__body">
        <Link to={`/product/${id}`} className="product-card__name">
          {product.name}
        </Link>
        <div className="product-card__price">
          <Typography.Text strong data-testid={`product-price-${id}`}>
            {formatMoney(product.price)}
          </Typography.Text>
          {!product.available && <Tag color="default">Out of stock</Tag>}
          {product.available && product.stock <= 5 && <Tag color="orange">Only {product.stock} left</Tag>}
        </div>
        <div className="product-card__actions">
          <Button
            type="primary"
            icon={<ShoppingCartOutlined />}
            disabled={!product.available}
            loading={isAddingToCart}
            onClick={onAddToCart}
            data-testid={`product-add-${id}`}
          >
            Add to cart
          </Button>
          <Button
            icon={<HeartOutlined />}
            loading={isAddingToWishlist}
            onClick={onAddToWishlist}
            aria-label={`Add ${product.name} to wishlist`}
            title="Add to wishlist"
            data-testid={`product-wishlist-${id}`}
          />
        </div>
      </div>
    </Card>
  );
}
