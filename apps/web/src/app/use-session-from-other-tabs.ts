import { useEffect, useState } from 'react';
import { markSessionEnded, readEmail, watchSessionChanges } from '../lib/http/session';
import { forgetPrefetched } from '../lib/prefetch';
import { toast } from '../lib/toast';
import { useAppDispatch } from './hooks';
import { isSessionPageShown } from './require-session';
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
        // Asked before the page is drawn again: a page for signed-in customers then gives way to sign-in.
        const isSentToSignIn = change === 'ended' && isSessionPageShown();
        forgetPrefetched();
        dispatch(sessionReset());
        setSessionsSeen((seen) => seen + 1);
        // Said once: by the sign-in page a page for signed-in customers gives way to (as after a refused call), else
        // by a toast on the page that stays. A mark left for a sign-in page not shown would be said on a later visit.
        if (isSentToSignIn) markSessionEnded('other-tab');
        else {
          toast.info(
            change === 'ended'
              ? 'You signed out in another tab.'
              : `You signed in as ${readEmail() ?? 'another customer'} in another tab.`,
          );
        }
      }),
    [dispatch],
  );
  return sessionsSeen;
}
