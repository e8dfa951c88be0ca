import { DeleteOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Skeleton, Tag, Typography } from 'antd';
import { CART_ADD_BATCH_MAX } from '@storefront/contract/limits';
import type { WishlistItem } from '@storefront/contract/wishlist';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { ConfirmPopover } from '../../../components/confirm-popover';
import { LoadFailed } from '../../../components/load-failed';
import { readErrorMessage } from '../../../lib/http/error-message';
import { formatMoney } from '../../../lib/money';
import { useRemoteData } from '../../../lib/use-remote-data';
import { addCartItems } from '../../cart/api';
import { cartReceived } from '../../cart/cart-slice';
import { listWishlist, moveWishlistItemsToCart, removeWishlistItem } from '../api';
import { toast } from '../../../lib/toast';
import { useRemovalFocus } from '../../../lib/use-removal-focus';
import { ButtonLink } from '../../../components/button-link';

export function WishlistPage() {
  const dispatch = useAppDispatch();
  const wishlist = useRemoteData(listWishlist);
  const [busyID, setBusyID] = useState<number | null>(null);
  const [isAddingAll, setIsAddingAll] = useState(false);
  const list = wishlist.data?.list ?? [];
  const removalFocus = useRemovalFocus(list.map((item) => item.id));
  // Moving an item to the cart takes its row away too: focus goes on to the next row's Move to cart.
  const moveFocus = useRemovalFocus(list.map((item) => item.id));

  /** Answers whether the item was removed. */
  const remove = async (item: WishlistItem): Promise<boolean> => {
    setBusyID(item.id);
    try {
      wishlist.replace(await removeWishlistItem(item.id));
      toast.success(`${item.product.name} removed from your wishlist.`);
      return true;
    } catch (err) {
      toast.error(readErrorMessage(err));
      return false;
    } finally {
      setBusyID(null);
    }
  };

  /** Answers whether the item was moved (and so left the list). */
  const moveToCart = async (item: WishlistItem): Promise<boolean> => {
    setBusyID(item.id);
    try {
      const result = await moveWishlistItemsToCart([item.id]);
      wishlist.replace(result.wishlist);
      dispatch(cartReceived(result.cart));
      toast.success(`${item.product.name} moved to your cart.`);
      return true;
    } catch (err) {
      toast.error(readErrorMessage(err));
      return false;
    } finally {
      setBusyID(null);
    }
  };

  /** Every product that can be bought now, one of each, kept in the wishlist too (in batches the API takes). */
  const addAllToCart = async (available: WishlistItem[]) => {
    setIsAddingAll(true);
    try {
      for (let i = 0; i < available.length; i += CART_ADD_BATCH_MAX) {
        const batch = available.slice(i, i + CART_ADD_BATCH_MAX);
        dispatch(
          cartReceived(await addCartItems(batch.map((item) => ({ productID: item.productID, quantity: 1 })))),
        );
      }
      toast.success(`${available.length} products added to your cart.`);
    } catch (err) {
      toast.error(readErrorMessage(err));
    } finally {
      setIsAddingAll(false);
    }
  };

  if (wishlist.status === 'failed' && !wishlist.data) {
    return (
      <LoadFailed
        title="Your wishlist could not be loaded"
        error={wishlist.error}
        onRetry={wishlist.reload}
        testId="wishlist-error"
      />
    );
  }

  const available = list.filter((i) => i.product.available);
  return (
    <Card
      extra={
        available.length > 1 && (
          <Button
            icon={<ShoppingCartOutlined />}
            loading={isAddingAll}
            onClick={() => void addAllToCart(available)}
            data-testid="wishlist-add-all"
          >
            Add all to cart
          </Button>
        )
      }
      data-testid="wishlist-page"
      styles={{ body: list.length > 0 ? { padding: 0 } : {} }}
    >
      {!wishlist.data ? (
        <Skeleton active paragraph={{ rows: 5 }} data-testid="wishlist-loading" />
      ) : list.length === 0 ? (
        <Empty description="Nothing saved yet" data-testid="wishlist-empty">
          <ButtonLink
            to="/shop"
            ref={(element: HTMLAnchorElement | null) => {
              removalFocus.emptyTargetRef(element);
              moveFocus.emptyTargetRef(element);
            }}
            type="primary"
            data-testid="wishlist-shop"
          >
            Browse the shop
          </ButtonLink>
        </Empty>
      ) : (
        list.map((item) => (
          <div className="cart-line" key={item.id} data-testid={`wishlist-item-${item.productID}`}>
            <Link
              to={`/product/${item.productID}`}
              className="cart-line__image"
              tabIndex={-1}
              aria-hidden="true"
            >
              <img src={item.product.imageUrl} alt="" />
            </Link>
            <div className="cart-line__info">
              <Link to={`/product/${item.productID}`} className="cart-line__name">
                {item.product.name}
              </Link>
              <Typography.Text type="secondary">{formatMoney(item.product.price)}</Typography.Text>
              <div>
                {item.product.available ? (
                  <Tag color="green">In stock</Tag>
                ) : (
                  <Tag data-testid={`wishlist-unavailable-${item.productID}`}>
                    {item.product.isActive ? 'Out of stock' : 'No longer sold'}
                  </Tag>
                )}
              </div>
            </div>
            <div className="cart-line__actions">
              <Button
                type="primary"
                icon={<ShoppingCartOutlined />}
                disabled={!item.product.available}
                loading={busyID === item.id}
                ref={moveFocus.controlRef(item.id)}
                onClick={() => void moveFocus.remove(item.id, () => moveToCart(item))}
                data-testid={`wishlist-move-${item.productID}`}
              >
                Move to cart
              </Button>
              <ConfirmPopover
                title="Remove from your wishlist?"
                okText="Remove"
                cancelText="Keep"
                onConfirm={() => void removalFocus.remove(item.id, () => remove(item))}
                okButtonProps={{ danger: true, 'data-testid': 'wishlist-remove-confirm' }}
              >
                <Button
                  ref={removalFocus.controlRef(item.id)}
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  disabled={busyID === item.id}
                  aria-label={`Remove ${item.product.name}`}
                  data-testid={`wishlist-remove-${item.productID}`}
                />
              </ConfirmPopover>
            </div>
          </div>
        ))
      )}
    </Card>
  );
}
