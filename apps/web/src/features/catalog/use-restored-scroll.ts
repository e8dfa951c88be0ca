import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { scrollKeyOf } from '../../lib/scroll-key';

const storageKey = (locationKey: string) => `scroll:${locationKey}`;

/**
 * Back to a list puts it where the shopper left it. The list loads after the page shows, so the router's own
 * restoration would scroll a page still too short; this waits until `isReady` (the list is drawn).
 */
export function useRestoredScroll(isReady: boolean): void {
  const key = scrollKeyOf(useLocation());
  const navigationType = useNavigationType();

  useEffect(() => {
    // Leaving the list is a click (a card, a link, the header): remember where it was just before.
    const remember = () => sessionStorage.setItem(storageKey(key), String(Math.round(window.scrollY)));
    document.addEventListener('click', remember, { capture: true });
    window.addEventListener('pagehide', remember);
    return () => {
      document.removeEventListener('click', remember, { capture: true });
      window.removeEventListener('pagehide', remember);
    };
  }, [key]);

  useEffect(() => {
    if (!isReady || navigationType !== 'POP') return;
    const top = Number(sessionStorage.getItem(storageKey(key)));
    if (top > 0) window.scrollTo({ top });
  }, [isReady, key, navigationType]);
}
