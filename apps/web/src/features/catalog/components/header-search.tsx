import { KEYWORD_MAX } from '@storefront/contract/limits';
import type { FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SearchIcon } from '../../../components/icons';
import '../catalog.css';

/** The search box in the site header: searches the whole shop, and shows the shop's current search there. */
export function HeaderSearch() {
  const location = useLocation();
  const navigate = useNavigate();
  const keyword =
    location.pathname === '/shop' ? (new URLSearchParams(location.search).get('keyword') ?? '') : '';

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('keyword');
    const text = typeof value === 'string' ? value.trim() : '';
    void navigate(text ? `/shop?${new URLSearchParams({ keyword: text }).toString()}` : '/shop');
  };

  return (
    <form role="search" className="search-box header-search" onSubmit={search} key={keyword}>
      <input
        className="form-input"
        type="search"
        name="keyword"
        defaultValue={keyword}
        placeholder="Search products"
        aria-label="Search products"
        maxLength={KEYWORD_MAX}
        data-testid="header-search"
      />
      <button type="submit" className="shell-button shell-button--primary" aria-label="Search">
        <SearchIcon />
      </button>
    </form>
  );
}
