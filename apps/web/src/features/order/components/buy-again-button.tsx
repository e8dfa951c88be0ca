import { Button, Modal } from 'antd';
import type { ReorderLine } from '@storefront/contract/order';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { readErrorMessage } from '../../../lib/http/error-message';
import { toast } from '../../../lib/toast';
import { fetchCart } from '../../cart/cart-slice';
import { reorder } from '../api';
import '../order.css';

type Props = { orderID: number; size?: 'small' | 'middle'; block?: boolean };

const reasons: Record<NonNullable<ReorderLine['reason']>, (line: ReorderLine) => string> = {
  unavailable: () => 'no longer sold',
  out_of_stock: () => 'sold out',
  capped: (l) =>
    l.added > 0
      ? `only ${l.added} of ${l.asked} added (stock or the 99 limit)`
      : 'the cart already holds all we have',
  cart_full: () => 'the cart is full',
};

/** "Buy again": puts the order's products into the cart and says what could not be added, then opens the cart. */
export function BuyAgainButton({ orderID, size = 'middle', block = false }: Props) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [modal, modalHolder] = Modal.useModal();
  const [isAdding, setIsAdding] = useState(false);

  const buyAgain = async () => {
    setIsAdding(true);
    try {
      const result = await reorder({ orderID });
      void dispatch(fetchCart());
      const leftOut = result.lines.filter((l) => l.reason !== null);
      const goToCart = () => void navigate('/cart');
      const items = `${result.added} ${result.added === 1 ? 'item' : 'items'}`;
      if (leftOut.length === 0) {
        toast.success(`Added ${items} to your cart.`);
        goToCart();
        return;
      }
      void modal.warning({
        title: result.added > 0 ? `Added ${items}; some could not be added` : 'Nothing could be added',
        content: (
          <ul className="buy-again__left-out" data-testid="buy-again-left-out">
            {leftOut.map((l) => (
              <li key={l.productID}>
                {l.name ?? `Product ${l.productID}`}: {l.reason ? reasons[l.reason](l) : ''}
              </li>
            ))}
          </ul>
        ),
        okText: 'Go to the cart',
        onOk: goToCart,
      });
    } catch (err) {
      toast.error(readErrorMessage(err));
    } finally {
      setIsAdding(false);
    }
  };

  return (
    <>
      {modalHolder}
      <Button
        className="order-action"
        size={size}
        block={block}
        loading={isAdding}
        onClick={() => void buyAgain()}
        data-testid={`buy-again-${orderID}`}
      >
        Buy again
      </Button>
    </>
  );
}
