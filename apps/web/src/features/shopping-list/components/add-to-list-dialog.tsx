import type { ShoppingListSummary } from '@storefront/contract/shopping-list';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CloseIcon } from '../../../components/shop-icons';
import { readErrorMessage, isNetworkFailure } from '../../../lib/http/error-message';
import { toast } from '../../../lib/toast';
import { useRemoteData } from '../../../lib/use-remote-data';
import { addOrderToShoppingList, addShoppingListItem, createShoppingList, listShoppingLists } from '../api';
import { checkListName, describeOrderAdded, productsText } from '../list-words';
import '../shopping-list.css';

/** What goes on the list: a product and how many, or every product of a past order. */
export type ListTarget =
  | { kind: 'product'; productID: number; name: string; quantity: number }
  | { kind: 'order'; orderID: number; reference: string };

type Props = {
  target: ListTarget;
  /** Called once the dialog has closed (Escape, Close, or the target added). */
  onClose: () => void;
};

/**
 * A modal dialog (the browser's own `<dialog>`: it keeps the focus inside, Escape closes it) to pick one of the
 * customer's lists, or name a new one, and put the product or the order on it. Plain markup, so the shop's pages
 * stay free of Ant Design; loaded when the customer first asks for it.
 */
export function AddToListDialog({ target, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleID = useId();
  const nameID = useId();
  const nameErrorID = useId();
  const lists = useRemoteData(listShoppingLists);
  const [busyListID, setBusyListID] = useState<number | 'new' | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // jsdom has no showModal; the open attribute shows it there.
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
    return () => {
      if (typeof element.close === 'function') element.close();
    };
  }, []);

  const close = useCallback(() => {
    const element = dialog.current;
    if (element && typeof element.close === 'function') element.close();
    onClose();
  }, [onClose]);

  const addTo = async (list: Pick<ShoppingListSummary, 'listID' | 'name'>) => {
    if (target.kind === 'product') {
      const added = await addShoppingListItem(list.listID, target.productID, target.quantity);
      toast.success(`${target.name} added to ${added.list.name} (${added.quantity} on the list).`);
    } else {
      toast.success(
        describeOrderAdded(target.reference, await addOrderToShoppingList(list.listID, target.orderID)),
      );
    }
  };

  /** Puts the target on the list; the dialog closes once it is there. */
  const addToList = async (list: Pick<ShoppingListSummary, 'listID' | 'name'>) => {
    setBusyListID(list.listID);
    setProblem(null);
    try {
      await addTo(list);
      close();
    } catch (err) {
      if (isNetworkFailure(err)) toast.error(readErrorMessage(err));
      else setProblem(readErrorMessage(err));
    } finally {
      setBusyListID(null);
    }
  };

  const create = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busyListID !== null) return;
    const error = checkListName(name);
    setNameError(error);
    if (error) return;
    setBusyListID('new');
    setProblem(null);
    let made: ShoppingListSummary;
    try {
      made = await createShoppingList(name.trim());
    } catch (err) {
      // A refusal (a name already used) is said at the field; a call that did not go out, by the network toast.
      if (isNetworkFailure(err)) toast.error(readErrorMessage(err));
      else setNameError(readErrorMessage(err));
      setBusyListID(null);
      return;
    }
    setName('');
    lists.reload();
    await addToList(made);
  };

  const isBusy = busyListID !== null;
  const what =
    target.kind === 'product'
      ? `${target.name}${target.quantity > 1 ? ` × ${target.quantity}` : ''}`
      : `The products of order ${target.reference}`;

  return (
    <dialog
      ref={dialog}
      className="list-dialog"
      aria-labelledby={titleID}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      data-testid="add-to-list-dialog"
    >
      <div className="list-dialog__head">
        <h2 className="list-dialog__title" id={titleID}>
          Add to a list
        </h2>
        <button
          type="button"
          className="shell-button shell-button--icon shell-button--text"
          aria-label="Close"
          onClick={close}
          data-testid="add-to-list-close"
        >
          <CloseIcon />
        </button>
      </div>
      <p className="list-dialog__what" data-testid="add-to-list-what">
        {what}
      </p>
      {lists.status === 'failed' && !lists.data ? (
        <div className="notice notice--warning" role="alert" data-testid="add-to-list-error">
          <p>Your lists could not be loaded. {lists.error}</p>
          <button type="button" className="shell-button shell-button--small" onClick={lists.reload}>
            Try again
          </button>
        </div>
      ) : !lists.data ? (
        <div
          className="list-dialog__loading"
          aria-busy="true"
          aria-label="Loading your lists"
          data-testid="add-to-list-loading"
        >
          <div className="placeholder placeholder--line" />
          <div className="placeholder placeholder--line" />
        </div>
      ) : lists.data.list.length === 0 ? (
        <p className="text-secondary" data-testid="add-to-list-empty">
          You have no lists yet. Name your first one below.
        </p>
      ) : (
        <ul className="list-dialog__choices" aria-label="Your lists" data-testid="add-to-list-choices">
          {lists.data.list.map((list) => (
            <li key={list.listID}>
              <button
                type="button"
                className="list-dialog__choice"
                aria-disabled={isBusy}
                aria-busy={busyListID === list.listID}
                onClick={() => {
                  if (!isBusy) void addToList(list);
                }}
                data-testid={`add-to-list-${list.listID}`}
              >
                <span className="list-dialog__name">{list.name}</span>
                <span className="text-secondary text-small">{productsText(list.itemCount)}</span>
                {busyListID === list.listID && <span className="shell-spinner" aria-hidden="true" />}
              </button>
            </li>
          ))}
        </ul>
      )}
      {problem && (
        <p className="text-danger" role="alert" data-testid="add-to-list-problem">
          {problem}
        </p>
      )}
      <form className="list-dialog__new" onSubmit={(event) => void create(event)} noValidate>
        <label htmlFor={nameID}>New list</label>
        <div className="list-dialog__new-row">
          <input
            id={nameID}
            className="form-input"
            placeholder="e.g. Weekly shop"
            autoComplete="off"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              if (nameError) setNameError(null);
            }}
            aria-invalid={nameError !== null}
            aria-describedby={nameError ? nameErrorID : undefined}
            data-testid="add-to-list-name"
          />
          <button
            type="submit"
            className="shell-button shell-button--primary"
            aria-disabled={isBusy}
            aria-busy={busyListID === 'new'}
            data-testid="add-to-list-create"
          >
            {busyListID === 'new' && <span className="shell-spinner" aria-hidden="true" />}
            Create and add
          </button>
        </div>
        {nameError && (
          <div
            className="form-field__error"
            id={nameErrorID}
            role="alert"
            data-testid="add-to-list-name-error"
          >
            {nameError}
          </div>
        )}
      </form>
    </dialog>
  );
}
