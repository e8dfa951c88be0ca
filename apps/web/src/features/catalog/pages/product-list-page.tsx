import { allergens, productSorts, type ProductSort } from '@storefront/contract/limits';
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRemoteData } from '../../../lib/use-remote-data';
import { loadCategories, loadProducts } from '../catalog-reads';
import { emptyShopText, isNarrowed } from '../empty-shop';
import { searchSummary } from '../search-summary';
import { ProductGrid, ProductGridPlaceholder } from '../components/product-grid';
import { readShopQuery, toShopSearch, type ShopQuery, ALL_CATEGORIES } from '../shop-query';
import { useRestoredScroll } from '../use-restored-scroll';
import { useShopActions } from '../use-shop-actions';
import '../catalog.css';

const ABOVE_FOLD = 4;

const SORT_LABELS: Record<ProductSort, string> = {
  relevance: 'Best match',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  'unit-price-asc': 'Unit price: low to high',
  'name-asc': 'Name: A to Z',
};

/** The catalogue is where shoppers land: plain markup, so it paints without waiting for Ant Design. */
export function ProductListPage() {
  const [params, setParams] = useSearchParams();
  const query = readShopQuery(params);
  const { category, keyword, isSpecial, page } = query;
  const actions = useShopActions();
  // Open while the address has allergens ticked, so they show; then as the shopper leaves it.
  const [isFreeFromOpen, setFreeFromOpen] = useState(query.freeFrom.length > 0);

  const categories = useRemoteData(loadCategories);
  const search = toShopSearch(query);
  const products = useRemoteData(
    // The address carries the whole query, so it is the one dependency.
    useCallback(() => loadProducts(readShopQuery(new URLSearchParams(search))), [search]),
  );
  // The aisle chips wrap onto more lines once the categories arrive; the grid waits for them so it never moves
  // under the shopper and Back restores the same place.
  const aislesSettled = categories.status === 'succeeded' || categories.status === 'failed';
  useRestoredScroll(products.status === 'succeeded' && aislesSettled);

  const linkTo = (next: Partial<ShopQuery>) => `/shop${toShopSearch({ ...query, page: 1, ...next })}`;
  const changeParams = (next: Partial<ShopQuery>) =>
    setParams(new URLSearchParams(toShopSearch({ ...query, page: 1, ...next })));

  const aisleLabel = categories.data?.find((c) => c.category === category)?.label;
  const scope = {
    keyword,
    aisle: category !== ALL_CATEGORIES ? (aisleLabel ?? category) : undefined,
    isSpecial,
    isInStock: query.isInStock,
    freeFrom: query.freeFrom,
  };
  // An aisle's specials are headed by the aisle; its On special box says they are filtered.
  const heading = keyword
    ? `Results for “${keyword}”`
    : category !== ALL_CATEGORIES
      ? (aisleLabel ?? 'Shop the aisles')
      : isSpecial
        ? 'Specials'
        : 'Shop the aisles';
  useDocumentTitle(heading);

  // The counts are of each aisle's whole shelf: beside a search's results they would read as its matches.
  const showsCounts = !keyword;
  const total = categories.data?.reduce((sum, c) => sum + c.productCount, 0);
  const isAll = category === ALL_CATEGORIES && !isSpecial;
  const aisles = [
    {
      key: 'all',
      label: `All${showsCounts && total ? ` (${total})` : ''}`,
      to: linkTo({ category: ALL_CATEGORIES, isSpecial: false }),
      isCurrent: isAll,
    },
    {
      key: 'specials',
      label: 'Specials',
      to: linkTo({ category: ALL_CATEGORIES, isSpecial: true }),
      isCurrent: isSpecial && category === ALL_CATEGORIES,
    },
    ...(categories.data ?? []).map((c) => ({
      key: c.category,
      label: showsCounts ? `${c.label} (${c.productCount})` : c.label,
      // An aisle keeps the filters ticked below (On special, In stock only); All and Specials are the whole shop.
      to: linkTo({ category: c.category }),
      isCurrent: c.category === category,
    })),
  ];
  const sorts = productSorts.filter((s) => s !== 'relevance' || keyword);
  const pageCount = products.data ? Math.ceil(products.data.total / products.data.pageSize) : 0;

  return (
    <div className="page" data-testid="shop-page">
      <div className="page-heading shop-heading">
        <h1 className="page-title" data-testid="shop-title">
          {heading}
        </h1>
      </div>
      <nav aria-label="Aisles" data-testid="shop-categories">
        <ul className="aisle-chips">
          {aisles.map((aisle) => (
            <li key={aisle.key}>
              <Link
                to={aisle.to}
                aria-current={aisle.isCurrent ? 'page' : undefined}
                data-testid={`category-tab-${aisle.key}`}
              >
                {aisle.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="shop-controls">
        <label>
          Sort by
          <select
            value={query.sort ?? (keyword ? 'relevance' : '')}
            onChange={(e) => changeParams({ sort: productSorts.find((s) => s === e.target.value) ?? null })}
            data-testid="shop-sort"
          >
            {!keyword && <option value="">Aisle</option>}
            {sorts.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label>
          <input
            type="checkbox"
            checked={isSpecial}
            onChange={(e) => changeParams({ isSpecial: e.target.checked })}
            data-testid="shop-filter-special"
          />
          On special
        </label>
        <label>
          <input
            type="checkbox"
            checked={query.isInStock}
            onChange={(e) => changeParams({ isInStock: e.target.checked })}
            data-testid="shop-filter-in-stock"
          />
          In stock only
        </label>
        <details
          className="shop-free-from"
          open={isFreeFromOpen}
          onToggle={(e) => setFreeFromOpen(e.currentTarget.open)}
          data-testid="shop-free-from"
        >
          <summary>
            Free from
            {query.freeFrom.length > 0 && (
              <span className="shop-free-from__count"> ({query.freeFrom.length})</span>
            )}
          </summary>
          <fieldset>
            <legend className="visually-hidden">Free from these allergens (contains or may contain)</legend>
            {allergens.map((allergen) => (
              <label key={allergen}>
                <input
                  type="checkbox"
                  checked={query.freeFrom.includes(allergen)}
                  onChange={(e) =>
                    changeParams({
                      freeFrom: allergens.filter((a) =>
                        a === allergen ? e.target.checked : query.freeFrom.includes(a),
                      ),
                    })
                  }
                  data-testid={`shop-free-from-${allergen.replace(' ', '-')}`}
                />
                {allergen[0]?.toUpperCase()}
                {allergen.slice(1)}
              </label>
            ))}
            <p className="shop-free-from__note">Leaves out products that contain or may contain them.</p>
          </fieldset>
        </details>
      </div>
      {/* Said to a screen reader whose focus stays in the header's search: what the search found. */}
      <p className="visually-hidden" role="status" data-testid="shop-search-status">
        {keyword && products.status === 'succeeded' && products.data
          ? products.data.total === 0
            ? emptyShopText(scope)
            : searchSummary(keyword, products.data.total, products.data.keywordMatch)
          : ''}
      </p>
      {products.status === 'failed' && !products.data ? (
        <LoadFailed
          title="The products could not be loaded"
          error={products.error}
          onRetry={products.reload}
          testId="shop-error"
        />
      ) : !products.data || products.status === 'loading' || !aislesSettled ? (
        <ProductGridPlaceholder count={ABOVE_FOLD} testId="shop-loading" />
      ) : products.data.list.length === 0 ? (
        <div className="empty shop-empty" data-testid="shop-empty">
          <p className="shop-empty__title" data-testid="shop-empty-text">
            {emptyShopText(scope)}
          </p>
          {keyword && (
            <p className="shop-empty__hint">Check the spelling, or try fewer words or a more general one.</p>
          )}
          <div className="shop-empty__actions">
            {keyword && isNarrowed(scope) && (
              <Link
                to={`/shop${toShopSearch({ ...query, category: ALL_CATEGORIES, isSpecial: false, isInStock: false, freeFrom: [], page: 1 })}`}
                className="shell-button shell-button--primary"
                data-testid="shop-search-everywhere"
              >
                Search all products for “{keyword}”
              </Link>
            )}
            <Link to="/shop" className="shell-button" data-testid="shop-clear">
              Show all products
            </Link>
          </div>
        </div>
      ) : (
        <>
          {products.data.keywordMatch === 'any' && (
            <p className="shop-any-word" data-testid="shop-any-word">
              Nothing matches every word of “{keyword}”. These match some of them.
            </p>
          )}
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
