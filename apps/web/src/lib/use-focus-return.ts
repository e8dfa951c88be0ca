import { useCallback, useRef } from 'react';

type Focusable = { focus: () => void };

/**
 * Gives keyboard focus back to an element that goes away and comes back: the button that opened fields in place
 * (they close and it returns), a field Ant Design mounts anew when its form is reset. Put `target` on it as its ref
 * and call `returnFocus` as the element that held the focus goes; focus would fall to the top of the page. The
 * element takes the focus as it mounts, whenever React gets to that, or at once if it is there.
 */
export function useFocusReturn<T extends Focusable = HTMLButtonElement>() {
  const element = useRef<T | null>(null);
  const isFocusDue = useRef(false);

  const focusIfDue = useCallback(() => {
    if (!isFocusDue.current || !element.current) return;
    isFocusDue.current = false;
    element.current.focus();
  }, []);
  const target = useCallback(
    (next: T | null) => {
      element.current = next;
      focusIfDue();
    },
    [focusIfDue],
  );
  const returnFocus = useCallback(() => {
    isFocusDue.current = true;
    focusIfDue();
  }, [focusIfDue]);

  return { target, returnFocus };
}
