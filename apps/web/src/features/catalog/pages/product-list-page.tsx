import { useCallback, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SearchIcon } from '../../../components/icons';
import { LoadFailed } from '../../../components/load-failed';
import { useRemoteData } from '../../../lib/use-remote-data';
import { loadCategories, loadProducts } from '../catalog-reads';
import { ProductGrid, ProductGridPlaceholder } from '../components/product-grid';
import { readShopQuery, toShopSearch, type ShopQuery, ALL_CATEGORIES } from '../shop-query';
import { useShopActions } from '../use-shop-actions';

const ABOVE_FOLD = 4;

/** The catalogue is where shoppers land: plain markup, so it paints without waiting for Ant Design. */
export function ProductListPage() {
  const [params, setParams] = useSearchParams();
  const { category, keyword, page } = readShopQuery(params);
  const actions = useShopActions();

  const categories = useRemoteData(loadCategories);
  const products = useRemoteData(
    useCallback(() => loadProducts({ category, keyword, page }), [category, keyword, page]),
  );

  const linkTo = (next: Partial<ShopQuery>) =>
    `/shop${toShopSearch({ category, keyword, page: 1, ...next })}`;
  const changeParams = (next: Partial<ShopQuery>) =>
    setParams(new URLSearchParams(toShopSearch({ category, keyword, page: 1, ...next })));

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('keyword');
    changeParams({ keyword: typeof value === 'string' ? value.trim() : '' });
  };

  const total = categories.data?.reduce((sum, c) => sum + c.productCount, 0);
  const tabs = [
    { key: ALL_CATEGORIES, label: `All${total ? ` (${total})` : ''}` },
    ...(categories.data ?? []).map((c) => ({ key: c.category, label: `${c.label} (${c.productCount})` })),
  ];
  const pageCount = products.data ? Math.ceil(products.data.total / products.data.pageSize) : 0;

  return (
    <div className="page" data-testid="shop-page">
      <div className="page-heading shop-heading">
        <h1 className="page-title">Shop the aisles</h1>
        <form role="search" className="search-box shop-search" onSubmit={search} key={keyword}>
          <input
            className="form-input"
            type="search"
            name="keyword"
            defaultValue={keyword}
            placeholder="Search products"
            aria-label="Search products"
            maxLength={100}
            data-testid="shop-search"
          />
          <button type="submit" className="shell-button shell-button--primary" aria-label="Search">
            <SearchIcon />
          </button>
        </form>
      </div>
      <nav className="tabs" aria-label="Categories" data-testid="shop-categories">
        {tabs.map((tab) => (
          <Link
            key={tab.key}
            to={linkTo({ category: tab.key })}
            className={tab.key === category ? 'tabs__tab tabs__tab--active' : 'tabs__tab'}
            aria-current={tab.key === category ? 'page' : undefined}
            data-testid={`category-tab-${tab.key}`}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      {products.status === 'failed' && !products.data ? (
        <LoadFailed
          title="The products could not be loaded"
          error={products.error}
          onRetry={products.reload}
          testId="shop-error"
        />
      ) : !products.data || products.status === 'loading' ? (
        <ProductGridPlaceholder count={ABOVE_FOLD} testId="shop-loading" />
      ) : products.data.list.length === 0 ? (
        <div className="empty" data-testid="shop-empty">
          <p>{keyword ? `Nothing matches “${keyword}”` : 'No products here yet'}</p>
          <Link to="/shop" className="shell-button" data-testid="shop-clear">
            Show all products
          </Link>
        </div>
      ) : (
        <>
          <ProductGrid
            products={products.data.list}
            actions={actions}
            testId="shop-products"
            aboveFoldCount={ABOVE_FOLD}
          />
          {pageCount > 1 && (
            <nav className="pagination" aria-label="Pages" data-testid="shop-pagination">
              {Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => (
                <Link
                  key={n}
                  to={linkTo({ page: n })}
                  className={n === page ? 'pagination__item pagination__item--active' : 'pagination__item'}
                  aria-current={n === page ? 'page' : undefined}
                  aria-label={`Page ${n}`}
                  onClick={() => window.scrollTo({ top: 0 })}
                >
                  {n}
                </Link>
              ))}
            </nav>
          )}
        </>
      )}
    </div>
  );
}
