import type { ProductFacets } from '@storefront/contract/catalog';
import {
  allergens,
  DIETARY_LABELS,
  dietaryMarks,
  productSorts,
  type ProductSort,
} from '@storefront/contract/limits';
import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import type { AsyncStatus } from '../../../lib/async-status';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRemoteData } from '../../../lib/use-remote-data';
import { loadCategories, loadFacets, loadProducts } from '../catalog-reads';
import { emptyShopText, isNarrowed } from '../empty-shop';
import { searchSummary } from '../search-summary';
import { ProductGrid, ProductGridPlaceholder } from '../components/product-grid';
import { ShopFilter } from '../components/shop-filter';
import {
  readShopQuery,
  toFacetsSearch,
  toShopSearch,
  withTicked,
  type ShopQuery,
  ALL_CATEGORIES,
} from '../shop-query';
import { unitPriceNote } from '../unit-price';
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

  const categories = useRemoteData(loadCategories);
  // The brands and marks to offer are of the aisle or search: ticking one does not read them again.
  const facetsSearch = toFacetsSearch(query);
  const facets = useRemoteData(
    useCallback(() => loadFacets(readShopQuery(new URLSearchParams(facetsSearch))), [facetsSearch]),
  );
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
    brands: query.brands,
    dietary: query.dietary.map((m) => DIETARY_LABELS[m].toLowerCase()),
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
  const unitNote = query.sort === 'unit-price-asc' ? unitPriceNote(products.data?.unitPriceOrder) : '';

  return (
    <div className="page" data-testid="shop-page">
      <div className="page-heading shop-heading">
        <h1 className="page-title" data-testid="shop-title">
          {heading}
        </h1>
      </div>
      {/* The aisles wrap onto several lines on a phone (all of them show) and the filters under them onto more: until
          the aisles are known, one placeholder stands for this part and the products under it, and is replaced, not
          pushed down, when they come. */}
      {aislesSettled ? (
        <>
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
                onChange={(e) =>
                  changeParams({ sort: productSorts.find((s) => s === e.target.value) ?? null })
                }
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
            <ShopFilter
              label="Free from"
              legend="Free from these allergens (contains or may contain)"
              tickedCount={query.freeFrom.length}
              testId="shop-free-from"
            >
              {allergens.map((allergen) => (
                <label key={allergen}>
                  <input
                    type="checkbox"
                    checked={query.freeFrom.includes(allergen)}
                    onChange={(e) =>
                      changeParams({
                        freeFrom: withTicked(allergens, query.freeFrom, allergen, e.target.checked),
                      })
                    }
                    data-testid={`shop-free-from-${allergen.replace(' ', '-')}`}
                  />
                  {allergen[0]?.toUpperCase()}
                  {allergen.slice(1)}
                </label>
              ))}
              <p className="shop-filter__note">Leaves out products that contain or may contain them.</p>
            </ShopFilter>
            <ShopFilter label="Brand" legend="Brands" tickedCount={query.brands.length} testId="shop-brand">
              <BrandBoxes
                facets={facets.data}
                status={facets.status}
                ticked={query.brands}
                onRetry={facets.reload}
                onChange={(brands) => changeParams({ brands })}
              />
            </ShopFilter>
            <ShopFilter
              label="Dietary"
              legend="Dietary: products carrying every mark ticked"
              tickedCount={query.dietary.length}
              testId="shop-dietary"
            >
              {dietaryMarks.map((mark) => {
                const count =
                  facets.status === 'succeeded'
                    ? facets.data?.dietary.find((d) => d.mark === mark)?.count
                    : undefined;
                return (
                  <label key={mark}>
                    <input
                      type="checkbox"
                      checked={query.dietary.includes(mark)}
                      onChange={(e) =>
                        changeParams({
                          dietary: withTicked(dietaryMarks, query.dietary, mark, e.target.checked),
                        })
                      }
                      data-testid={`shop-dietary-${mark}`}
                    />
                    {DIETARY_LABELS[mark]}
                    {count !== undefined && <span className="shop-filter__count"> ({count})</span>}
                  </label>
                );
              })}
              <p className="shop-filter__note">Products carrying every mark ticked, as their labels claim.</p>
            </ShopFilter>
          </div>
        </>
      ) : (
        <div className="shop-chooser-placeholder" aria-hidden="true" data-testid="shop-chooser-loading">
          <div className="placeholder placeholder--chips" />
          <div className="placeholder placeholder--controls" />
        </div>
      )}
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
        <ProductGridPlaceholder
          key={aislesSettled ? 'products' : 'aisles'}
          count={ABOVE_FOLD}
          testId="shop-loading"
        />
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
                to={`/shop${toShopSearch({ ...query, category: ALL_CATEGORIES, isSpecial: false, isInStock: false, freeFrom: [], brands: [], dietary: [], page: 1 })}`}
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
          {unitNote && (
            <p className="shop-unit-note" data-testid="shop-unit-note">
              {unitNote}
            </p>
          )}
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

type BrandBoxesProps = {
  facets: ProductFacets | null;
  status: AsyncStatus;
  ticked: readonly string[];
  onRetry: () => void;
  onChange: (brands: string[]) => void;
};

/**
 * A box for each brand of the aisle or search, with how many of its products it has; a brand ticked in the address
 * but not here (another aisle's) stays, so it can be unticked.
 */
function BrandBoxes({ facets, status, ticked, onRetry, onChange }: BrandBoxesProps) {
  if (status === 'failed' && !facets) {
    return (
      <p className="shop-filter__note" data-testid="shop-brand-error">
        The brands could not be loaded.{' '}
        <button type="button" className="shell-button shell-button--small" onClick={onRetry}>
          Try again
        </button>
      </p>
    );
  }
  if (!facets || status === 'loading') {
    return (
      <p className="shop-filter__note" data-testid="shop-brand-loading">
        Loading the brands…
      </p>
    );
  }
  const isTicked = (brand: string) => ticked.some((t) => t.toLowerCase() === brand.toLowerCase());
  const offered = [
    ...facets.brands,
    ...ticked
      .filter((t) => !facets.brands.some((b) => b.brand.toLowerCase() === t.toLowerCase()))
      .map((brand) => ({ brand, count: 0 })),
  ];
  if (offered.length === 0) {
    return (
      <p className="shop-filter__note" data-testid="shop-brand-empty">
        No brands to choose from here.
      </p>
    );
  }
  return offered.map(({ brand, count }) => (
    <label key={brand}>
      <input
        type="checkbox"
        checked={isTicked(brand)}
        onChange={(e) =>
          onChange(
            e.target.checked
              ? [...ticked, brand]
              : ticked.filter((t) => t.toLowerCase() !== brand.toLowerCase()),
          )
        }
        data-testid={`shop-brand-${brand}`}
      />
      {brand}
      <span className="shop-filter__count"> ({count})</span>
    </label>
  ));
}
