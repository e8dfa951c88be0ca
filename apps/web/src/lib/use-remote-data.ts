import { startTransition, useCallback, useEffect, useState } from 'react';
import type { AsyncStatus } from './async-status';
import { readErrorMessage } from './http/error-message';

export type RemoteData<T> = {
  status: AsyncStatus;
  data: T | null;
  error: string | null;
  reload: () => void;
  replace: (data: T) => void;
};

/** Loads one read call for a page and keeps its status, data and error. */
export function useRemoteData<T>(load: () => Promise<T>): RemoteData<T> {
  const [state, setState] = useState<{ status: AsyncStatus; data: T | null; error: string | null }>({
    status: 'idle',
    data: null,
    error: null,
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let isCurrent = true;
    setState((prev) => ({ ...prev, status: 'loading', error: null }));
    load()
      .then((data) => {
        // The page's content renders as a transition: in slices, so a long list never blocks input.
        if (isCurrent) startTransition(() => setState({ status: 'succeeded', data, error: null }));
      })
      .catch((err: unknown) => {
        if (isCurrent) setState((prev) => ({ ...prev, status: 'failed', error: readErrorMessage(err) }));
      });
    return () => {
      isCurrent = false;
    };
  }, [load, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const replace = useCallback((data: T) => setState({ status: 'succeeded', data, error: null }), []);
  return { ...state, reload, replace };
}
