import { ArrowLeftOutlined, DeleteOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Skeleton, Tag, Typography } from 'antd';
import { errorCatalogue } from '@storefront/contract/errors';
import { CART_LINE_QUANTITY_MAX } from '@storefront/contract/limits';
import type { CartMergeResult } from '@storefront/contract/cart';
import type { ShoppingListItem } from '@storefront/contract/shopping-list';
import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { NotFoundPage } from '../../../app/not-found-page';
import { ButtonLink } from '../../../components/button-link';
import { ConfirmPopover } from '../../../components/confirm-popover';
import { LoadFailed } from '../../../components/load-failed';
import { readErrorCode, readErrorMessage } from '../../../lib/http/error-message';
import { formatMoney } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRemoteData } from '../../../lib/use-remote-data';
import { useRemovalFocus } from '../../../lib/use-removal-focus';
import { QuantityStepper } from '../../cart/components/quantity-stepper';
import { cartReceived } from '../../cart/cart-slice';
import {
  addShoppingListToCart,
  removeShoppingListItems,
  retrieveShoppingList,
  updateShoppingListItem,
} from '../api';
import { describeShortfall, productsText } from '../list-words';
import '../shopping-list.css';

/** `/account/lists/:listID`: one list's products, their quantities, and the whole list into the trolley. */
export function ListPage() {
  const { listID } = useParams();
  const id = Number(listID);
  const isValidID = Number.isInteger(id) && id > 0;
  const [isMissing, setIsMissing] = useState(false);
  const load = useCallback(
    () =>
      retrieveShoppingList(id).catch((err: unknown) => {
        // Missing and another customer's answer alike (100002): either way there is no such list to show.
        setIsMissing(readErrorCode(err) === errorCatalogue.NOT_FOUND.code);
        throw err;
      }),
    [id],
  );
  const list = useRemoteData(load);
  const dispatch = useAppDispatch();
  const [busyID, setBusyID] = useState<number | null>(null);
  const [isAddingAll, setIsAddingAll] = useState(false);
  const [added, setAdded] = useState<CartMergeResult | null>(null);
  const items = list.data?.items ?? [];
  const removalFocus = useRemovalFocus(items.map((item) => item.productID));
  useDocumentTitle(!isValidID || isMissing ? null : (list.data?.name ?? 'List'));

  /** Answers whether the server took the change. */
  const change = async (item: ShoppingListItem, write: () => Promise<void>): Promise<boolean> => {
    setBusyID(item.productID);
    try {
      await write();
      return true;
    } catch (err) {
      toast.error(readErrorMessage(err));
      return false;
    } finally {
      setBusyID(null);
    }
  };

  const addAllToCart = async () => {
    setIsAddingAll(true);
    setAdded(null);
    try {
      const result = await addShoppingListToCart(id);
      dispatch(cartReceived(result.cart));
      setAdded(result);
    } catch (err) {
      toast.error(readErrorMessage(err));
    } finally {
      setIsAddingAll(false);
    }
  };

  const back = (
    <Link to="/account/lists" data-testid="list-back">
      <ArrowLeftOutlined /> All lists
    </Link>
  );

  if (!isValidID || isMissing) return <NotFoundPage />;
  if (list.status === 'failed' && !list.data) {
    return (
      <Card title={back}>
        <h1 className="page-title">Your list</h1>
        <LoadFailed
          title="This list could not be loaded"
          error={list.error}
          onRetry={list.reload}
          testId="list-error"
        />
      </Card>
    );
  }
  if (!list.data) {
    return (
      <Card title={back}>
        <div aria-busy="true" aria-label="Loading the list" data-testid="list-loading">
          <Skeleton active paragraph={{ rows: 6 }} />
        </div>
      </Card>
    );
  }

  const shortfalls = added ? added.lines.map(describeShortfall).filter((text) => text !== null) : [];
  return (
    <Card title={back} data-testid="list-page" styles={{ body: { paddingInline: 0 } }}>
      <div className="list-page__head">
        <div>
          <h1 className="page-title" data-testid="list-name">
            {list.data.name}
          </h1>
          <Typography.Text type="secondary">{productsText(items.length)}</Typography.Text>
        </div>
        {items.length > 0 && (
          <Button
            type="primary"
            size="large"
            icon={<ShoppingCartOutlined />}
            loading={isAddingAll}
            onClick={() => void addAllToCart()}
            data-testid="list-add-all"
          >
            Add all to trolley
          </Button>
        )}
      </div>
      {/* Said where the button is, and to a screen reader as it comes. */}
      <div role="status" className="list-page__outcome">
        {added && (
          <Alert
            type={shortfalls.length > 0 ? 'warning' : 'success'}
            showIcon
            title={
              added.added > 0
                ? `Added ${added.added} ${added.added === 1 ? 'item' : 'items'} to your trolley.`
                : 'Nothing could be added to your trolley.'
            }
            description={
              shortfalls.length > 0 && (
                <ul className="list-page__shortfalls" data-testid="list-add-all-shortfalls">
                  {shortfalls.map((text) => (
                    <li key={text}>{text}</li>
                  ))}
                </ul>
              )
            }
            action={
              <ButtonLink to="/cart" size="small" data-testid="list-go-to-cart">
                Go to trolley
              </ButtonLink>
            }
            data-testid="list-add-all-outcome"
          />
        )}
      </div>
      {items.length === 0 ? (
        <Empty description="Nothing on this list yet" data-testid="list-empty">
          <ButtonLink to="/shop" type="primary" ref={removalFocus.emptyTargetRef} data-testid="list-shop">
            Find products in the shop
          </ButtonLink>
        </Empty>
      ) : (
        <ul className="list-page__items" aria-label={`Products on ${list.data.name}`}>
          {items.map((item) => (
            <li className="cart-line" key={item.productID} data-testid={`list-item-${item.productID}`}>
              <Link
                to={`/product/${item.productID}`}
                className="cart-line__image"
                tabIndex={-1}
                aria-hidden="true"
              >
                <img src={item.product.thumbnailUrl || item.product.imageUrl} alt="" width="72" height="72" />
              </Link>
              <div className="cart-line__info">
                <Link to={`/product/${item.productID}`} className="cart-line__name">
                  {item.product.name}
                </Link>
                <span data-testid={`list-item-price-${item.productID}`}>
                  {formatMoney(item.product.price)} each
                  {item.product.wasPrice !== null && (
                    <span className="list-line__was">
                      <span className="visually-hidden">was </span>
                      {formatMoney(item.product.wasPrice)}
                    </span>
                  )}
                </span>
                <div>
                  {item.product.available ? (
                    item.product.stock < item.quantity ? (
                      <Tag color="orange">Only {item.product.stock} in stock</Tag>
                    ) : item.product.isOnSpecial ? (
                      <Tag color="red">Special</Tag>
                    ) : null
                  ) : (
                    <Tag data-testid={`list-item-unavailable-${item.productID}`}>
                      {item.product.isActive ? 'Out of stock' : 'No longer sold'}
                    </Tag>
                  )}
                </div>
              </div>
              <div className="cart-line__actions">
                <QuantityStepper
                  quantity={item.quantity}
                  // A list keeps what the customer wants, whatever the shop has today: only the line's most.
                  stock={CART_LINE_QUANTITY_MAX}
                  isDisabled={busyID === item.productID}
                  onCommit={(quantity) =>
                    change(item, async () =>
                      list.replace(await updateShoppingListItem(id, item.productID, quantity)),
                    )
                  }
                  productName={item.product.name}
                  testId={`list-item-quantity-${item.productID}`}
                />
                <ConfirmPopover
                  title={`Remove ${item.product.name} from the list?`}
                  okText="Remove"
                  cancelText="Keep"
                  onConfirm={() =>
                    void removalFocus.remove(item.productID, () =>
                      change(item, async () => {
                        list.replace(await removeShoppingListItems(id, [item.productID]));
                        toast.success(`${item.product.name} removed from ${list.data?.name ?? 'the list'}.`);
                      }),
                    )
                  }
                  okButtonProps={{ danger: true, 'data-testid': 'list-item-remove-confirm' }}
                >
                  <Button
                    ref={removalFocus.controlRef(item.productID)}
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    disabled={busyID === item.productID}
                    aria-label={`Remove ${item.product.name}`}
                    data-testid={`list-item-remove-${item.productID}`}
                  />
                </ConfirmPopover>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
