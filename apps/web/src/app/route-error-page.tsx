import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { retryFailedLoads } from '../components/lazy-with-retry';
import { useDocumentTitle } from '../lib/use-document-title';
import { useIsOnline } from '../lib/use-is-online';

/** How browsers and Vite's preloading word a chunk that could not be fetched (Chromium, Firefox, Safari, Vite). */
const CHUNK_LOAD_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

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

  // A page that could not load for want of a connection opens by itself once the connection is back.
  const wasOffline = useRef(false);
  useEffect(() => {
    if (isOffline) wasOffline.current = true;
    else if (wasOffline.current && isLoadFailure) {
      wasOffline.current = false;
      tryAgain();
    }
  });

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
