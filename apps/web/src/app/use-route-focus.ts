import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

/** How long a page may take to show its heading (a lazy page's code, then its data) and draw it again. */
const HEADING_WAIT_MS = 10_000;

function isFocusLost(): boolean {
  return !document.activeElement || document.activeElement === document.body;
}

/** Focuses an element that is not a control, for the keyboard's next Tab to start there; no ring, no scroll. */
export function focusStartingPoint(element: HTMLElement): void {
  if (!element.hasAttribute('tabindex')) {
    element.setAttribute('tabindex', '-1');
    element.addEventListener('blur', () => element.removeAttribute('tabindex'), { once: true });
  }
  element.dataset.routeFocus = '';
  element.focus({ preventScroll: true });
}

/**
 * Gives a page that just opened the focus its old page's control took with it: its heading, which a screen reader then
 * reads, once it shows; the main area meanwhile. A heading drawn again (an order's, once the order has loaded) takes it
 * again. Focus the customer has placed since (or kept, as the header's search keeps it) stays where it is. Answers a
 * function that stops watching.
 */
export function focusPageWhenShown(main: HTMLElement): () => void {
  let placed: HTMLElement | null = null;
  const isOurs = () => isFocusLost() || document.activeElement === main || document.activeElement === placed;
  const place = () => {
    const target = main.querySelector<HTMLElement>('h1') ?? (isFocusLost() ? main : null);
    if (!target || target === document.activeElement) return;
    placed = target;
    focusStartingPoint(target);
  };
  if (!isOurs()) return () => undefined;
  place();
  const observer = new MutationObserver(() => {
    if (isOurs()) place();
    else stop();
  });
  const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(main, { childList: true, subtree: true });
  return stop;
}

/**
 * After a move to another page of the store the control that was used is gone with the old page, and the browser
 * leaves the focus on the body: a keyboard user's next Tab starts from nowhere in particular and a screen reader says
 * nothing of the new page. The page's heading takes the focus instead (focusPageWhenShown).
 */
export function useRouteFocus(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname || !main.current) return;
    shown.current = pathname;
    return focusPageWhenShown(main.current);
  }, [pathname, main]);
}
