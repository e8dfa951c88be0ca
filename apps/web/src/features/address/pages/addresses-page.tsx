import { PlusOutlined } from '@ant-design/icons';
import { Button, Col, Empty, Row, Skeleton, Typography } from 'antd';
import type { Address } from '@storefront/contract/address';
import { MAX_ADDRESSES } from '@storefront/contract/limits';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { readErrorMessage } from '../../../lib/http/error-message';
import { useRemoteData } from '../../../lib/use-remote-data';
import { deleteAddress, listAddresses, setDefaultBillingAddress, setDefaultShippingAddress } from '../api';
import { AddressCard } from '../components/address-card';
import { AddressFormModal } from '../components/address-form-modal';
import { toast } from '../../../lib/toast';
import { useRemovalFocus } from '../../../lib/use-removal-focus';
import { useAppSelector } from '../../../app/hooks';
import type { RootState } from '../../../app/store';

// Read from the store's state: the address feature may not import the account feature's selectors.
const selectCustomer = (state: RootState) => state.userInfo.data;

/** Checkout sends a customer with no address here (?from=checkout): the form opens, and saving goes back to it. */
export function AddressesPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const isFromCheckout = searchParams.get('from') === 'checkout';
  const book = useRemoteData(listAddresses);
  const customer = useAppSelector(selectCustomer);
  const [editing, setEditing] = useState<Address | null>(null);
  const [isFormOpen, setIsFormOpen] = useState(isFromCheckout);
  const [busyId, setBusyId] = useState<number | null>(null);
  const list = book.data?.list ?? [];
  const removalFocus = useRemovalFocus(list.map((a) => a.addressID));

  /** Answers whether the server took the action. */
  const act = async (id: number, action: () => Promise<unknown>, done: string): Promise<boolean> => {
    setBusyId(id);
    try {
      await action();
      toast.success(done);
      book.reload();
      return true;
    } catch (err) {
      toast.error(readErrorMessage(err));
      return false;
    } finally {
      setBusyId(null);
    }
  };

  const openForm = (address: Address | null) => {
    setEditing(address);
    setIsFormOpen(true);
  };

  if (book.status === 'failed' && !book.data) {
    return (
      <LoadFailed
        title="Your addresses could not be loaded"
        error={book.error}
        onRetry={book.reload}
        testId="addresses-error"
      />
    );
  }

  const isFull = list.length >= MAX_ADDRESSES;

  return (
    <div data-testid="addresses-page">
      <div className="page-heading">
        <Typography.Title level={2} style={{ margin: 0, fontSize: '1.25rem' }}>
          Saved addresses
        </Typography.Title>
        {isFromCheckout && (
          <Link to="/checkout" data-testid="addresses-back-to-checkout">
            Back to checkout
          </Link>
        )}
        {list.length > 0 && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => openForm(null)}
            disabled={isFull}
            title={isFull ? `You can keep up to ${MAX_ADDRESSES} addresses.` : undefined}
            data-testid="address-add"
          >
            Add address
          </Button>
        )}
      </div>
      {!book.data ? (
        <Skeleton active paragraph={{ rows: 6 }} data-testid="addresses-loading" />
      ) : list.length === 0 ? (
        <Empty description="No saved addresses yet" data-testid="addresses-empty">
          <Button
            ref={removalFocus.emptyTargetRef}
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => openForm(null)}
            data-testid="address-add"
          >
            Add your first address
          </Button>
        </Empty>
      ) : (
        <Row gutter={[16, 16]}>
          {list.map((a) => (
            <Col xs={24} md={12} key={a.addressID}>
              <AddressCard
                address={a}
                isBusy={busyId === a.addressID}
                onEdit={() => openForm(a)}
                deleteButtonRef={removalFocus.controlRef(a.addressID)}
                onDelete={() =>
                  void removalFocus.remove(a.addressID, () =>
                    act(a.addressID, () => deleteAddress(a.addressID), 'Address deleted.'),
                  )
                }
                onMakeShipping={() =>
                  void act(
                    a.addressID,
                    () => setDefaultShippingAddress(a.addressID),
                    'Default delivery address set.',
                  )
                }
                onMakeBilling={() =>
                  void act(a.addressID, () => setDefaultBillingAddress(a.addressID), 'Billing address set.')
                }
              />
            </Col>
          ))}
        </Row>
      )}
      <AddressFormModal
        open={isFormOpen}
        editing={editing}
        customerName={customer}
        onClose={() => setIsFormOpen(false)}
        onSaved={(saved) => {
          setIsFormOpen(false);
          if (isFromCheckout && !editing) {
            void navigate(`/checkout?address=${saved.addressID}`, { replace: true });
            return;
          }
          book.reload();
        }}
      />
    </div>
  );
}
