import { AutoComplete, Input } from 'antd';
import type { Suburb } from '@storefront/contract/suburb';
import { useEffect, useRef, useState } from 'react';
import { searchSuburbs, suburbsOfPostcode } from '../api';

type Props = {
  /** Ant Design's Form.Item gives these, so its label and hint name and describe the field. */
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-required'?: boolean | 'true' | 'false';
  onPick: (suburb: Suburb) => void;
  value?: string;
  onChange?: (text: string) => void;
  /** Ant Design's Form.Item gives it when the field is checked on leaving it (`validateTrigger="onBlur"`). */
  onBlur?: () => void;
  placeholder?: string;
  size?: 'large';
  /** Takes the focus as it appears (it replaced a plain field the shopper had just focused). */
  isAutoFocused?: boolean;
  testId: string;
};

export function formatSuburb(s: Pick<Suburb, 'suburb' | 'state' | 'postcode'>): string {
  return `${s.suburb} ${s.state} ${s.postcode}`;
}

const DEBOUNCE_MS = 200;
const POSTCODE = /^\d{4}$/;

/** Type a suburb name or postcode, pick one of the real localities offered. */
export function SuburbSearch({
  id,
  'aria-describedby': describedBy,
  'aria-invalid': isInvalid,
  'aria-required': isRequired,
  onPick,
  value,
  onChange,
  onBlur,
  placeholder,
  size,
  isAutoFocused = false,
  testId,
}: Props) {
  const [options, setOptions] = useState<Suburb[]>([]);
  const [isSearching, setIsSearching] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef('');

  useEffect(() => () => clearTimeout(timer.current), []);

  const onSearch = (text: string) => {
    latest.current = text;
    clearTimeout(timer.current);
    if (text.trim().length < 2) {
      setOptions([]);
      setIsSearching(false);
      return;
    }
    timer.current = setTimeout(() => {
      setIsSearching(true);
      const typed = text.trim();
      // A whole postcode lists every locality it covers; anything else is searched by name or postcode start.
      (POSTCODE.test(typed) ? suburbsOfPostcode(typed) : searchSuburbs(typed))
        .then(
          (found) => {
            if (latest.current === text) setOptions(found);
          },
          () => {
            if (latest.current === text) setOptions([]);
          },
        )
        .finally(() => {
          if (latest.current === text) setIsSearching(false);
        });
    }, DEBOUNCE_MS);
  };

  /**
   * Once a suburb is picked the list has done its work: nothing is left in it and a search still on its way is not
   * shown, so the list has nothing to open again with over the form (the address form's list was once seen open
   * over its Save button after a pick).
   */
  const settle = () => {
    latest.current = '';
    clearTimeout(timer.current);
    setIsSearching(false);
    setOptions([]);
  };

  return (
    // The id goes on the AutoComplete, which puts it on the input and names its list of options after it.
    <AutoComplete
      id={id}
      value={value}
      onChange={(text: string) => onChange?.(text)}
      onSearch={onSearch}
      onBlur={onBlur}
      onSelect={(id: string) => {
        const picked = options.find((o) => String(o.suburbID) === id);
        if (picked) {
          onChange?.(picked.suburb);
          onPick(picked);
          settle();
        }
      }}
      options={options.map((o) => ({
        value: String(o.suburbID),
        label: <span data-testid={`${testId}-option`}>{formatSuburb(o)}</span>,
      }))}
      notFoundContent={isSearching ? 'Searching…' : null}
      data-testid={testId}
    >
      <Input
        placeholder={placeholder ?? 'Suburb or postcode'}
        size={size}
        autoComplete="off"
        autoFocus={isAutoFocused}
        aria-describedby={describedBy}
        aria-invalid={isInvalid}
        aria-required={isRequired}
        data-testid={`${testId}-input`}
      />
    </AutoComplete>
  );
}
