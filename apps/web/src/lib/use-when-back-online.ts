import { useEffect } from 'react';

/** Calls `retry` when the browser comes back online, while `isWaiting` (a read that failed) holds. */
export function useWhenBackOnline(isWaiting: boolean, retry: () => void): void {
  useEffect(() => {
    if (!isWaiting) return;
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [isWaiting, retry]);
}
