import { useCallback } from 'react';
import { Link } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { useRemoteData } from '../../../lib/use-remote-data';
import { loadProducts } from '../catalog-reads';
import { ALL_CATEGORIES } from '../shop-query';
import { useShopActions } from '../use-shop-actions';
import { ProductGrid, ProductGridPlaceholder } from './product-grid';
import '../catalog.css';

const SHELF_SIZE = 4;

/**
 * The products on special, for the home page: a word and a way to try again when they cannot be loaded, a way to
 * the whole shop when there are none this week.
 */
export function SpecialsShelf() {
  const actions = useShopActions();
  const specials = useRemoteData(
    useCallback(
      () =>
        loadProducts({
          category: ALL_CATEGORIES,
          keyword: '',
          sort: null,
          isSpecial: true,
          isInStock: true,
          freeFrom: [],
          brands: [],
          dietary: [],
          page: 1,
        }),
      [],
    ),
  );
  return (
    <section className="home-shelf" aria-labelledby="home-specials-title" data-testid="home-specials">
      <div className="home-shelf__heading">
        <h2 className="section-title" id="home-specials-title">
          This week’s specials
        </h2>
        <Link to="/shop?special=true" data-testid="home-specials-all">
          See all specials
        </Link>
      </div>
      {specials.status === 'failed' ? (
        <LoadFailed
          title="This week’s specials could not be loaded"
          error={specials.error}
          onRetry={specials.reload}
          testId="home-specials-error"
        />
      ) : specials.data?.list.length === 0 ? (
        <p className="home-shelf__empty" data-testid="home-specials-empty">
          No specials this week. <Link to="/shop">Browse the whole shop</Link>
        </p>
      ) : specials.data ? (
        <ProductGrid
          products={specials.data.list.slice(0, SHELF_SIZE)}
          actions={actions}
          testId="home-specials-list"
          aboveFoldCount={SHELF_SIZE}
        />
      ) : (
        <ProductGridPlaceholder count={SHELF_SIZE} testId="home-specials-loading" />
      )}
    </section>
  );
}
