import { useCallback, useEffect, useState } from 'react';

export type RemoteStatus = 'loading' | 'succeeded' | 'failed';

export type RemoteData<T> = {
  status: RemoteStatus;
  data: T | null;
  /** What the read rejected with (an ApiError), when it failed. */
  error: unknown;
  reload: () => void;
  replace: (data: T) => void;
};

/** One read for a page: its status, data and error, read again when `load` changes or on `reload`. */
export function useRemoteData<T>(load: () => Promise<T>): RemoteData<T> {
  const [state, setState] = useState<{ status: RemoteStatus; data: T | null; error: unknown }>({
    status: 'loading',
    data: null,
    error: null,
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let isCurrent = true;
    setState((prev) => ({ ...prev, status: 'loading', error: null }));
    load().then(
      (data) => {
        if (isCurrent) setState({ status: 'succeeded', data, error: null });
      },
      (error: unknown) => {
        if (isCurrent) setState((prev) => ({ ...prev, status: 'failed', error }));
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [load, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const replace = useCallback((data: T) => setState({ status: 'succeeded', data, error: null }), []);
  return { ...state, reload, replace };
}
