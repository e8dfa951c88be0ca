import type { ProductSuggestions } from '@storefront/contract/catalog';
import { SUGGEST_KEYWORD_MIN } from '@storefront/contract/limits';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { formatMoney } from '../../../lib/money';
import { suggestProducts } from '../api';
import { suggestionOptions, type SuggestionOption } from '../suggestion-options';
import './header-suggestions.css';

/** How long typing pauses before the suggestions are asked for. */
export const SUGGEST_DELAY_MS = 200;

export type ComboboxState = { isExpanded: boolean; activeId: string | undefined };

export type HeaderSuggestionsProps = {
  /** The header's search box: the combobox these suggestions pop up from. */
  input: RefObject<HTMLInputElement | null>;
  listboxId: string;
  /** What the box says of its list: open or not, and the option the arrows are on. */
  onChange: (state: ComboboxState) => void;
};

/** The suggestions shown (the last answer, kept while the next is asked for) and how the latest ask went. */
type Answer = {
  status: 'loading' | 'succeeded' | 'failed';
  shown: { keyword: string; data: ProductSuggestions } | null;
};

/** What is typed, as the suggestions are asked for it: trimmed, long enough, or nothing. */
function typedKeyword(input: HTMLInputElement | null): string {
  const text = input?.value.trim() ?? '';
  return text.length >= SUGGEST_KEYWORD_MIN ? text : '';
}

/**
 * The header search's suggestions, an ARIA 1.2 combobox's listbox: aisles, then products, for what is typed (two
 * characters or more, asked for once typing pauses; an answer a later keystroke made stale is dropped). Down and Up
 * move through the options (the focus stays in the box, `aria-activedescendant` names the option), Enter opens the
 * option, Escape closes the list; Enter on no option searches, as the box always did. Loaded when the box first gets
 * the focus, so the header of every page stays light.
 */
export function HeaderSuggestions({ input, listboxId, onChange }: HeaderSuggestionsProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [isOpen, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const asked = useRef<{ timer: ReturnType<typeof setTimeout> | null; call: AbortController | null }>({
    timer: null,
    call: null,
  });

  const shown = answer?.shown ?? null;
  const options = useMemo(
    () => (shown ? suggestionOptions(shown.data, shown.keyword, listboxId) : []),
    [shown, listboxId],
  );
  const isExpanded = isOpen && options.length > 0;
  const activeOption = isExpanded ? options[active] : undefined;

  useEffect(() => {
    onChange({ isExpanded, activeId: activeOption?.id });
  }, [onChange, isExpanded, activeOption]);
  useEffect(() => () => onChange({ isExpanded: false, activeId: undefined }), [onChange]);

  const close = useCallback(() => {
    setOpen(false);
    setActive(-1);
  }, []);

  const cancel = useCallback(() => {
    const { timer, call } = asked.current;
    if (timer !== null) clearTimeout(timer);
    call?.abort();
    asked.current = { timer: null, call: null };
  }, []);

  const ask = useCallback(
    (keyword: string) => {
      cancel();
      const call = new AbortController();
      asked.current.call = call;
      setAnswer((before) => ({ status: 'loading', shown: before?.shown ?? null }));
      suggestProducts(keyword, call.signal).then(
        (data) => {
          if (asked.current.call !== call) return;
          asked.current.call = null;
          // New options: the arrows start again from the box, not on whatever now sits where they were.
          setActive(-1);
          setAnswer({ status: 'succeeded', shown: { keyword, data } });
        },
        () => {
          if (asked.current.call !== call) return;
          asked.current.call = null;
          setAnswer({ status: 'failed', shown: null });
        },
      );
    },
    [cancel],
  );

  const typed = useCallback(() => {
    const keyword = typedKeyword(input.current);
    setActive(-1);
    if (!keyword) {
      cancel();
      setAnswer(null);
      setOpen(false);
      return;
    }
    setOpen(true);
    cancel();
    asked.current.timer = setTimeout(() => ask(keyword), SUGGEST_DELAY_MS);
  }, [input, ask, cancel]);

  const pick = useCallback(
    (option: SuggestionOption) => {
      cancel();
      close();
      void navigate(option.href);
    },
    [cancel, close, navigate],
  );

  // A box typed into before this code arrived: its words are asked for at once.
  useEffect(() => {
    const box = input.current;
    if (box && document.activeElement === box && typedKeyword(box)) {
      setOpen(true);
      ask(typedKeyword(box));
    }
    return cancel;
  }, [input, ask, cancel]);

  // Another page: the list it was opened on is done with.
  const shownAt = useRef(location);
  useEffect(() => {
    if (shownAt.current === location) return;
    shownAt.current = location;
    close();
  }, [location, close]);

  useEffect(() => {
    const box = input.current;
    if (!box) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.isComposing) return;
      const count = options.length;
      switch (event.key) {
        case 'ArrowDown':
          if (count === 0) return;
          event.preventDefault();
          setOpen(true);
          setActive((i) => (isExpanded ? (i + 1) % count : 0));
          return;
        case 'ArrowUp':
          if (count === 0) return;
          event.preventDefault();
          setOpen(true);
          setActive((i) => (isExpanded && i > 0 ? i - 1 : count - 1));
          return;
        case 'Enter': {
          const option = isExpanded ? options[active] : undefined;
          if (option) {
            // The option, not the search the form would send.
            event.preventDefault();
            pick(option);
          } else {
            cancel();
            close();
          }
          return;
        }
        case 'Escape':
          if (!isOpen) return;
          // Closes the list only; the type="search" box would also clear what is typed.
          event.preventDefault();
          cancel();
          close();
          return;
        case 'Tab':
          close();
          return;
        default:
      }
    };
    const onFocus = () => {
      if (typedKeyword(box) && shown?.keyword === typedKeyword(box)) setOpen(true);
    };
    box.addEventListener('input', typed);
    box.addEventListener('keydown', onKeyDown);
    box.addEventListener('focus', onFocus);
    box.addEventListener('blur', close);
    return () => {
      box.removeEventListener('input', typed);
      box.removeEventListener('keydown', onKeyDown);
      box.removeEventListener('focus', onFocus);
      box.removeEventListener('blur', close);
    };
  }, [input, options, active, isOpen, isExpanded, shown, typed, pick, cancel, close]);

  useEffect(() => {
    if (activeOption) document.getElementById(activeOption.id)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeOption]);

  const aisles = options.filter((o) => o.kind === 'aisle');
  const products = options.filter((o) => o.kind === 'product');
  const note =
    !isOpen || !answer
      ? ''
      : answer.status === 'failed'
        ? 'Suggestions could not be loaded. Press Enter to search.'
        : answer.status === 'succeeded' && options.length === 0
          ? `No suggestions for “${shown?.keyword ?? ''}”. Press Enter to search all products.`
          : answer.status === 'loading' && options.length === 0
            ? 'Looking…'
            : '';
  const said =
    !isOpen || !answer || answer.status === 'loading'
      ? ''
      : options.length > 0
        ? countText(aisles.length, products.length)
        : note;

  const renderOption = (option: SuggestionOption) => {
    const isActive = option.id === activeOption?.id;
    return (
      <div
        key={option.id}
        id={option.id}
        role="option"
        aria-selected={isActive}
        className={`header-suggestions__option${isActive ? ' is-active' : ''}`}
        onClick={() => pick(option)}
        data-testid={option.testId}
      >
        {option.kind === 'product' ? (
          <>
            <img src={option.imageUrl} alt="" width="40" height="30" className="header-suggestions__image" />
            <span className="header-suggestions__name">{option.label}</span>
            <span className="header-suggestions__price">
              {formatMoney(option.price)}
              {option.wasPrice !== null && <span className="visually-hidden">, on special</span>}
            </span>
          </>
        ) : (
          <span className="header-suggestions__name">{option.label}</span>
        )}
      </div>
    );
  };

  return (
    <>
      {/* Pressing an option must not take the focus from the box first: its blur would close the list. */}
      <div
        className="header-suggestions"
        hidden={!isOpen || (options.length === 0 && !note)}
        onMouseDown={(e) => e.preventDefault()}
        data-testid="header-suggestions"
      >
        {note && (
          <p className="header-suggestions__note" data-testid="header-suggestions-note">
            {note}
          </p>
        )}
        <div
          role="listbox"
          id={listboxId}
          aria-label="Suggestions"
          hidden={options.length === 0}
          className="header-suggestions__list"
        >
          {aisles.length > 0 && (
            <div role="group" aria-labelledby={`${listboxId}-aisles`}>
              <div role="presentation" id={`${listboxId}-aisles`} className="header-suggestions__group">
                Aisles
              </div>
              {aisles.map(renderOption)}
            </div>
          )}
          {products.length > 0 && (
            <div role="group" aria-labelledby={`${listboxId}-products`}>
              <div role="presentation" id={`${listboxId}-products`} className="header-suggestions__group">
                Products
              </div>
              {products.map(renderOption)}
            </div>
          )}
        </div>
      </div>
      <p className="visually-hidden" role="status" data-testid="header-suggestions-status">
        {said}
      </p>
    </>
  );
}

/** "2 aisles and 5 products suggested…", for a screen reader. */
function countText(aisles: number, products: number): string {
  const parts = [
    aisles > 0 && `${aisles} ${aisles === 1 ? 'aisle' : 'aisles'}`,
    products > 0 && `${products} ${products === 1 ? 'product' : 'products'}`,
  ].filter(Boolean);
  return `${parts.join(' and ')} suggested. Use the up and down arrows to choose, Enter to open.`;
}
