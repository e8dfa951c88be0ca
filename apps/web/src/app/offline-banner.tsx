import { useIsOnline } from '../lib/use-is-online';

/**
 * Said across the store while the browser has no connection: pages already open stay readable, anything that asks
 * the store fails until it is back. The live region is always there, so a screen reader hears it as it appears.
 */
export function OfflineBanner() {
  const isOnline = useIsOnline();
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      {!isOnline && (
        <p className="offline-banner__text">
          You are offline. What is on screen stays; changing your cart or opening a page needs the connection.
        </p>
      )}
    </div>
  );
}
