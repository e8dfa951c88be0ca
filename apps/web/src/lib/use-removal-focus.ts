import { useCallback, useEffect, useRef, useState } from 'react';

type Settled<K> = { key: K; keysBefore: readonly K[]; isRemoved: boolean };

/**
 * Keeps a keyboard or screen reader customer's place in a list whose rows each have a remove button. A removed row
 * takes its button with it and focus would fall to the top of the page, so it moves to the same button on the next
 * row (on the row before when the last one went), or to what the empty list offers. A removal that failed gives
 * focus back to the row's own button, which the browser let go of while it was disabled. Focus the customer has
 * put somewhere else meanwhile stays there.
 *
 * `keys` are the rows shown, in order; each row's remove button takes `controlRef(key)`.
 */
export function useRemovalFocus<K>(keys: readonly K[]) {
  const controls = useRef(new Map<K, HTMLElement>());
  const controlRefs = useRef(new Map<K, (element: HTMLElement | null) => void>());
  const emptyTarget = useRef<HTMLElement | null>(null);
  const shownKeys = useRef(keys);
  shownKeys.current = keys;
  const [settled, setSettled] = useState<Settled<K> | null>(null);

  useEffect(() => {
    if (!settled) return;
    const isRowShown = keys.includes(settled.key);
    // A list read again after the removal shows the row until the read is answered.
    if (settled.isRemoved && isRowShown) return;
    setSettled(null);
    const own = controls.current.get(settled.key);
    const active = document.activeElement;
    if (active && active !== document.body && active !== own) return;
    if (isRowShown) {
      own?.focus();
      return;
    }
    const at = settled.keysBefore.indexOf(settled.key);
    const neighbours = [...settled.keysBefore.slice(at + 1), ...settled.keysBefore.slice(0, at).reverse()];
    const neighbour = neighbours.map((key) => controls.current.get(key)).find((element) => element);
    (neighbour ?? emptyTarget.current)?.focus();
  }, [settled, keys]);

  const controlRef = useCallback((key: K) => {
    let ref = controlRefs.current.get(key);
    if (!ref) {
      ref = (element) => {
        if (element) controls.current.set(key, element);
        else controls.current.delete(key);
      };
      controlRefs.current.set(key, ref);
    }
    return ref;
  }, []);

  /** For the element that takes focus once the list is empty: the empty state's call to action or heading. */
  const emptyTargetRef = useCallback((element: HTMLElement | null) => {
    emptyTarget.current = element;
  }, []);

  /** Runs a row's removal, which answers whether the row was removed, then moves focus as above. */
  const remove = useCallback(async (key: K, removal: () => Promise<boolean>) => {
    const keysBefore = shownKeys.current;
    const isRemoved = await removal();
    setSettled({ key, keysBefore, isRemoved });
  }, []);

  return { controlRef, emptyTargetRef, remove };
}
