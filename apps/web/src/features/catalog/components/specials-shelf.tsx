import { useCallback } from 'react';
import { Link } from 'react-router';
import { useRemoteData } from '../../../lib/use-remote-data';
import { loadProducts } from '../catalog-reads';
import { ALL_CATEGORIES } from '../shop-query';
import { useShopActions } from '../use-shop-actions';
import { ProductGrid, ProductGridPlaceholder } from './product-grid';
import '../catalog.css';

const SHELF_SIZE = 4;

/** The products on special, for the home page; nothing at all when there are none or they cannot be loaded. */
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
          page: 1,
        }),
      [],
    ),
  );
  if (specials.status === 'failed' || specials.data?.list.length === 0) return null;
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
      {specials.data ? (
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
