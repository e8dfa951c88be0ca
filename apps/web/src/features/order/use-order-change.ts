import type { OrderDetail } from '@storefront/contract/order';
import { useState } from 'react';
import { readErrorCode, readErrorMessage } from '../../lib/http/error-message';
import { toast } from '../../lib/toast';
import { useFocusReturn } from '../../lib/use-focus-return';

type Options = {
  onChanged: (order: OrderDetail) => void;
  /** The order moved on (it shipped) and its page is out of date: read it again. */
  onStale: () => void;
  /** The error code the API refuses the change with once the order has moved on. */
  lockedCode: number;
  /** Said once the change is saved. */
  saved: string;
};

/**
 * A change made in place on the order's page, opened by a button: sends it, shows the saved order, says so, and
 * gives keyboard focus back to the button that opened the fields (they go away, and focus would fall to the page's
 * top). A failure is said and the fields stay open; a change refused because the order has moved on has the page
 * read it again.
 */
export function useOrderChange({ onChanged, onStale, lockedCode, saved }: Options) {
  const [isSaving, setIsSaving] = useState(false);
  const { target: opener, returnFocus: focusOpener } = useFocusReturn();

  /** Sends the change; answers whether it was saved (the caller closes its fields then). */
  const save = async (send: () => Promise<OrderDetail>): Promise<boolean> => {
    setIsSaving(true);
    try {
      onChanged(await send());
      toast.success(saved);
      return true;
    } catch (err) {
      toast.error(readErrorMessage(err));
      if (readErrorCode(err) === lockedCode) onStale();
      return false;
    } finally {
      setIsSaving(false);
    }
  };

  return { isSaving, opener, focusOpener, save };
}
