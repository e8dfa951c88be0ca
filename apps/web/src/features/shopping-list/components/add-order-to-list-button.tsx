import { UnorderedListOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useRef, useState } from 'react';
import { retryingImport } from '../../../components/lazy-with-retry';
import { NETWORK_ERROR_MESSAGE } from '../../../lib/http/client';
import { toast } from '../../../lib/toast';
import type { AddToListDialog } from './add-to-list-dialog';

// The order's page is signed in, and loads this with Ant Design: it needs none of the shop button's sign-in detour.
const loadDialog = retryingImport(() => import('./add-to-list-dialog'));

type Props = { orderID: number; reference: string };

/** "Add to list" on a past order's page: its products, with its quantities, onto one of the customer's lists. */
export function AddOrderToListButton({ orderID, reference }: Props) {
  const [Dialog, setDialog] = useState<typeof AddToListDialog | null>(null);
  const [isOpening, setIsOpening] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);

  const open = async () => {
    setIsOpening(true);
    try {
      const { AddToListDialog: loaded } = await loadDialog();
      setDialog(() => loaded);
    } catch {
      toast.error(NETWORK_ERROR_MESSAGE);
    } finally {
      setIsOpening(false);
    }
  };

  return (
    <>
      <Button
        ref={opener}
        className="order-action"
        icon={<UnorderedListOutlined />}
        loading={isOpening}
        aria-haspopup="dialog"
        onClick={() => void open()}
        data-testid="order-add-to-list"
      >
        Add to list
      </Button>
      {Dialog && (
        <Dialog
          target={{ kind: 'order', orderID, reference }}
          onClose={() => {
            setDialog(null);
            opener.current?.focus();
          }}
        />
      )}
    </>
  );
}
