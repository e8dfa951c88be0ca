import { useEffect, useState } from 'react';
import { markSessionEnded, readEmail, watchSessionChanges } from '../lib/http/session';
import { forgetPrefetched } from '../lib/prefetch';
import { toast } from '../lib/toast';
import { useAppDispatch } from './hooks';
import { sessionReset } from './store';

/**
 * Follows the session other tabs leave in this browser. When one signs out, or in as another customer, everything
 * read for the customer this tab showed is dropped and the page is drawn again for the session there is now (a page
 * for signed-in customers then asks for sign-in). A renewed token for the same customer changes nothing. Answers a
 * number that changes with each such change, to key what must be drawn again.
 */
export function useSessionFromOtherTabs(): number {
  const dispatch = useAppDispatch();
  const [sessionsSeen, setSessionsSeen] = useState(0);
  useEffect(
    () =>
      watchSessionChanges((change) => {
        forgetPrefetched();
        dispatch(sessionReset());
        // A page for signed-in customers now asks for sign-in: that page says why, as after a refused call.
        if (change === 'ended') markSessionEnded('other-tab');
        setSessionsSeen((seen) => seen + 1);
        toast.info(
          change === 'ended'
            ? 'You signed out in another tab.'
            : `You signed in as ${readEmail() ?? 'another customer'} in another tab.`,
        );
      }),
    [dispatch],
  );
  return sessionsSeen;
}
