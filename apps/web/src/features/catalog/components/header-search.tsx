import { KEYWORD_MAX } from '@storefront/contract/limits';
import { useCallback, useRef, useState, type ComponentType, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SearchIcon } from '../../../components/icons';
import type { ComboboxState, HeaderSuggestionsProps } from './header-suggestions';

const LISTBOX_ID = 'header-search-suggestions';

let loadingSuggestions: Promise<ComponentType<HeaderSuggestionsProps>> | null = null;

/** The suggestions' code, once; a load that failed is tried again on the next focus. */
function loadSuggestions(): Promise<ComponentType<HeaderSuggestionsProps>> {
  loadingSuggestions ??= import('./header-suggestions')
    .then((m) => m.HeaderSuggestions)
    .catch((error: unknown) => {
      loadingSuggestions = null;
      throw error;
    });
  return loadingSuggestions;
}

/**
 * The search box in the site header: searches the whole shop, and shows the shop's current search there. It is a
 * combobox: its suggestions (`header-suggestions.tsx`) load when it first gets the focus, so pages that never search
 * do not carry them.
 */
export function HeaderSearch() {
  const location = useLocation();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [Suggestions, setSuggestions] = useState<ComponentType<HeaderSuggestionsProps> | null>(null);
  const [combobox, setCombobox] = useState<ComboboxState>({ isExpanded: false, activeId: undefined });
  const keyword =
    location.pathname === '/shop' ? (new URLSearchParams(location.search).get('keyword') ?? '') : '';

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('keyword');
    const text = typeof value === 'string' ? value.trim() : '';
    void navigate(text ? `/shop?${new URLSearchParams({ keyword: text }).toString()}` : '/shop');
  };

  const enhance = () => {
    if (Suggestions) return;
    // Without its suggestions the box still searches.
    loadSuggestions().then(
      (component) => setSuggestions(() => component),
      () => undefined,
    );
  };
  const onChange = useCallback((state: ComboboxState) => setCombobox(state), []);

  return (
    <form role="search" className="search-box header-search" onSubmit={search} key={keyword}>
      <input
        ref={input}
        className="form-input"
        type="search"
        name="keyword"
        defaultValue={keyword}
        placeholder="Search products"
        aria-label="Search products"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={combobox.isExpanded}
        aria-controls={LISTBOX_ID}
        aria-activedescendant={combobox.activeId}
        autoComplete="off"
        maxLength={KEYWORD_MAX}
        onFocus={enhance}
        onPointerEnter={enhance}
        data-testid="header-search"
      />
      <button type="submit" className="shell-button shell-button--primary" aria-label="Search">
        <SearchIcon />
      </button>
      {Suggestions ? (
        <Suggestions input={input} listboxId={LISTBOX_ID} onChange={onChange} />
      ) : (
        <div role="listbox" id={LISTBOX_ID} aria-label="Suggestions" hidden />
      )}
    </form>
  );
}
