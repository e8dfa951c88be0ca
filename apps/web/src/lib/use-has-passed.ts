import { useEffect, useState } from 'react';

/** setTimeout's longest wait; a moment further off is looked at again then. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * Whether the moment `iso` is behind us by the browser's clock; turns true when it passes while the page is open, so
 * a deadline shown on it ends on time. Null (no such moment) never passes.
 */
export function useHasPassed(iso: string | null): boolean {
  const at = iso === null ? null : Date.parse(iso);
  const [hasPassed, setHasPassed] = useState(() => at !== null && Date.now() > at);
  useEffect(() => {
    if (at === null) {
      setHasPassed(false);
      return;
    }
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      const left = at - Date.now();
      setHasPassed(left < 0);
      // "Passed" is after the moment itself, as the API's refusal is: one millisecond past it.
      if (left >= 0) timer = setTimeout(check, Math.min(left + 1, MAX_TIMEOUT_MS));
    };
    check();
    return () => clearTimeout(timer);
  }, [at]);
  return hasPassed;
}
