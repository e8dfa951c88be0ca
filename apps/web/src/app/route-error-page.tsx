import { useEffect } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { retryFailedLoads } from '../components/lazy-with-retry';
import { useDocumentTitle } from '../lib/use-document-title';
import { useIsOnline } from '../lib/use-is-online';

/** How browsers and Vite's preloading word a chunk that could not be fetched (Chromium, Firefox, Safari, Vite). */
const CHUNK_LOAD_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

/** When the browser last came back online, and how many times a page that could not load was tried since. */
const backOnline = { at: Number.NEGATIVE_INFINITY, tries: 0 };
const BACK_ONLINE_RETRY_MS = 10_000;
const BACK_ONLINE_TRIES = 3;
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    backOnline.at = Date.now();
    backOnline.tries = 0;
  });
}

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_LOAD_FAILURE.test(error.message);
}

/**
 * What a route shows instead of React Router's developer page when its page throws: most often its code could not
 * be fetched (the connection dropped), else a bug. React logs the error to the console. Try again renders the page
 * again at the same address without reloading, so nothing else on screen is lost.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  const isLoadFailure = isChunkLoadError(error);
  const isOnline = useIsOnline();
  const isOffline = isLoadFailure && !isOnline;
  useDocumentTitle(isOffline ? 'Offline' : isLoadFailure ? 'Page not loaded' : 'Something went wrong');

  // Once the error is on screen, a page whose code failed may be fetched again: by Try again, or by coming back.
  useEffect(() => retryFailedLoads(), [error]);

  const tryAgain = () => {
    // A new location, even for the same address, clears React Router's error and renders the page afresh.
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: location.state, preventScrollReset: true },
    );
  };

  // A page that could not load for want of a connection opens by itself once the connection is back; the first
  // tries just after can still fail while the connection settles, so it is tried a few times, a little later each.
  useEffect(() => {
    if (!isLoadFailure || !isOnline) return;
    if (Date.now() - backOnline.at > BACK_ONLINE_RETRY_MS || backOnline.tries >= BACK_ONLINE_TRIES) return;
    backOnline.tries += 1;
    const timer = setTimeout(tryAgain, 300 * backOnline.tries);
    return () => clearTimeout(timer);
    // Once per page shown: a retry that fails shows a new one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isLoadFailure, isOnline]);

  const testId = isLoadFailure ? 'page-load-failed' : 'page-error';
  return (
    <div className="page">
      <div className="result" role="alert" data-testid={testId}>
        <div className="result__icon result__icon--warning" aria-hidden="true">
          !
        </div>
        <h1 className="result__title">
          {isOffline
            ? 'You are offline.'
            : isLoadFailure
              ? 'This page could not be loaded.'
              : 'Something went wrong on this page.'}
        </h1>
        <p className="result__text">
          {isOffline
            ? 'This page needs the connection. It opens by itself when you are back online.'
            : isLoadFailure
              ? 'Check your connection and try again.'
              : 'Please try again in a moment.'}
        </p>
        <button
          type="button"
          className="shell-button shell-button--primary"
          onClick={tryAgain}
          data-testid={`${testId}-retry`}
        >
          Try again
        </button>
      </div>
    </div>
  );
}
