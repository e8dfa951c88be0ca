import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { LoadFailed } from '../../../components/load-failed';
import { useRemoteData } from '../../../lib/use-remote-data';
import { ProductGrid } from '../../catalog/components/product-grid';
import { useShopActions } from '../../catalog/use-shop-actions';
import { listUsualProducts } from '../api';
import { saveUsualsHint, USUALS_SHELF_SIZE } from '../usuals-hint';
import '../../catalog/catalog.css';

type Props = {
  customerID: number;
  /** What holds the shelf's room while it loads (the home page's, so both are one size). */
  placeholder: ReactNode;
};

/**
 * "Your usuals": what the signed-in customer buys most, to put in the trolley again. Read after the home page has
 * painted (an effect); a customer who has bought nothing yet sees no shelf at all.
 */
export function UsualsShelf({ customerID, placeholder }: Props) {
  const actions = useShopActions();
  const usuals = useRemoteData(listUsualProducts);
  const [isShowingAll, setIsShowingAll] = useState(false);
  const list = usuals.data?.list ?? null;
  const shelf = useRef<HTMLElement>(null);

  // What the next visit holds room for: the shelf as first drawn (a row of cards), measured before it is painted.
  useLayoutEffect(() => {
    if (!list || isShowingAll) return;
    saveUsualsHint(customerID, list.length, { height: shelf.current?.getBoundingClientRect().height ?? 0 });
  }, [customerID, list, isShowingAll]);

  if (usuals.status === 'failed' && !list) {
    return (
      <section className="home-shelf" aria-labelledby="home-usuals-title" data-testid="home-usuals">
        <h2 className="section-title" id="home-usuals-title">
          Your usuals
        </h2>
        <LoadFailed
          title="Your usuals could not be loaded"
          error={usuals.error}
          onRetry={usuals.reload}
          testId="home-usuals-error"
        />
      </section>
    );
  }
  if (!list) return placeholder;
  if (list.length === 0) return null;
  return (
    <section ref={shelf} className="home-shelf" aria-labelledby="home-usuals-title" data-testid="home-usuals">
      <div className="home-shelf__heading">
        <h2 className="section-title" id="home-usuals-title">
          Your usuals
        </h2>
        {list.length > USUALS_SHELF_SIZE && (
          <button
            type="button"
            className="link-button"
            aria-expanded={isShowingAll}
            aria-controls="home-usuals-list"
            onClick={() => setIsShowingAll(!isShowingAll)}
            data-testid="home-usuals-more"
          >
            {isShowingAll ? 'Show fewer' : `Show all ${list.length}`}
          </button>
        )}
      </div>
      <div id="home-usuals-list">
        <ProductGrid
          products={isShowingAll ? list : list.slice(0, USUALS_SHELF_SIZE)}
          actions={actions}
          testId="home-usuals-list"
        />
      </div>
    </section>
  );
}
