import { useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ListIcon } from '../../../components/shop-icons';
import { NETWORK_ERROR_MESSAGE } from '../../../lib/http/client';
import { hasSession } from '../../../lib/http/session';
import { prepareToasts, toast } from '../../../lib/toast';
import type * as DialogModule from './add-to-list-dialog';
import type { AddToListDialog, ListTarget } from './add-to-list-dialog';

export type { ListTarget };

/**
 * The dialog's code (and its styles) load the first time a customer asks for it, not with the shop's pages; a load
 * that failed is forgotten, so the next press fetches it again. A plain `import()` rather than `retryingImport`: when
 * the product card was in the entry, that one split the entry into more chunks (+0.3 KB gzip).
 */
let dialogLoad: Promise<typeof DialogModule> | null = null;
function loadDialog() {
  dialogLoad ??= import('./add-to-list-dialog').catch((error: unknown) => {
    dialogLoad = null;
    throw error;
  });
  return dialogLoad;
}

type Opened = { Dialog: typeof AddToListDialog; target: ListTarget };

/**
 * Opens the "Add to a list" dialog for a product or a past order. Signed out, it goes to sign-in and back here (as the
 * wishlist does). Render `dialog` where the opener is; the focus goes back to the opener when it closes.
 */
export function useAddToList() {
  const navigate = useNavigate();
  const location = useLocation();
  const [opened, setOpened] = useState<Opened | null>(null);
  const [isOpening, setIsOpening] = useState(false);
  const opener = useRef<HTMLElement | null>(null);

  const open = async (target: ListTarget, from: HTMLElement | null) => {
    if (!hasSession()) {
      void navigate(`/login?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`);
      return;
    }
    prepareToasts();
    opener.current = from;
    setIsOpening(true);
    try {
      const { AddToListDialog: Dialog } = await loadDialog();
      setOpened({ Dialog, target });
    } catch {
      toast.error(NETWORK_ERROR_MESSAGE);
    } finally {
      setIsOpening(false);
    }
  };

  const close = () => {
    setOpened(null);
    opener.current?.focus();
  };

  const dialog: ReactNode = opened ? <opened.Dialog target={opened.target} onClose={close} /> : null;
  return { open, dialog, isOpening };
}

type Props = {
  productID: number;
  name: string;
  quantity?: number;
  /** `icon`: the product card's square button; `large`: the product page's, with its words. */
  look: 'icon' | 'large';
  testId: string;
};

/** "Add to list" for one product: plain markup, like the rest of the shop. */
export function AddToListButton({ productID, name, quantity = 1, look, testId }: Props) {
  const { open, dialog, isOpening } = useAddToList();
  const icon = isOpening ? (
    <span className="shell-spinner" aria-hidden="true" />
  ) : (
    <ListIcon size={look === 'large' ? 16 : 14} />
  );
  return (
    <>
      <button
        type="button"
        className={look === 'icon' ? 'shell-button shell-button--icon' : 'shell-button shell-button--large'}
        aria-busy={isOpening}
        aria-haspopup="dialog"
        {...(look === 'icon' ? { 'aria-label': `Add ${name} to a list`, title: 'Add to a list' } : {})}
        onClick={(event) => void open({ kind: 'product', productID, name, quantity }, event.currentTarget)}
        data-testid={testId}
      >
        {icon}
        {look === 'large' && 'Add to list'}
      </button>
      {dialog}
    </>
  );
}
