import type { ShippingQuote } from '@storefront/contract/shipping';
import type { Suburb } from '@storefront/contract/suburb';
import { Suspense, useEffect, useState } from 'react';
import { lazyWithRetry, PartLoadBoundary, retryingImport } from '../../../components/lazy-with-retry';
import { readErrorMessage } from '../../../lib/http/error-message';
import { ESTIMATE_SUBURB_KEY } from '../../../lib/http/session';
import { findSuburb } from '../../suburb/api';
import { quoteSingleProduct } from '../api';
import { ShippingOptions, ShippingOptionsPlaceholder } from './shipping-options';

const loadSuburbSearch = retryingImport(() => import('./suburb-search-island'));
const SuburbSearchIsland = lazyWithRetry(() => loadSuburbSearch().then((m) => m.SuburbSearchIsland));
/** Reached for offline, the search's code is asked for again when the field gets the focus. */
const preloadSuburbSearch = () => void loadSuburbSearch().catch(() => undefined);

type Props = { productID: number; quantity: number; isSignedIn: boolean };

/**
 * Delivery prices for one product to a suburb (a window zone's one option, a courier's standard and express);
 * signed in, to the customer's own postcode first. Plain markup like the product page; the suburb search (Ant
 * Design's AutoComplete) loads when the shopper reaches for the field, which stands in for it until then.
 */
export function ProductShippingEstimate({ productID, quantity, isSignedIn }: Props) {
  const [text, setText] = useState('');
  const [suburb, setSuburb] = useState<Suburb | null>(null);
  const [quote, setQuote] = useState<ShippingQuote | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isLoading, setIsLoading] = useState(false);
  const [isSearchWanted, setIsSearchWanted] = useState(false);
  const canQuote = suburb !== null || isSignedIn;

  // The suburb asked about last time, kept by id and read again: the next product is quoted to it straight away.
  useEffect(() => {
    const kept = localStorage.getItem(ESTIMATE_SUBURB_KEY);
    const remembered = Number(kept);
    if (!Number.isInteger(remembered) || remembered < 1) return;
    let isCurrent = true;
    findSuburb(remembered)
      .then((found) => {
        if (!isCurrent) return;
        setSuburb((picked) => picked ?? found);
        setText((typed) => typed || found.suburb);
      })
      .catch(() => {
        // Only the suburb that was looked up: since then another tab may have kept another, or another session's.
        if (localStorage.getItem(ESTIMATE_SUBURB_KEY) === kept) localStorage.removeItem(ESTIMATE_SUBURB_KEY);
      });
    return () => {
      isCurrent = false;
    };
  }, []);

  const pick = (picked: Suburb) => {
    localStorage.setItem(ESTIMATE_SUBURB_KEY, String(picked.suburbID));
    setSuburb(picked);
  };

  useEffect(() => {
    if (!canQuote) return;
    let isCurrent = true;
    setIsLoading(true);
    setError(null);
    quoteSingleProduct({ productID, quantity, ...(suburb ? { suburbID: suburb.suburbID } : {}) })
      .then((answer) => {
        if (isCurrent) setQuote(answer);
      })
      .catch((err: unknown) => {
        if (isCurrent) {
          setQuote(null);
          setError(readErrorMessage(err));
        }
      })
      .finally(() => {
        if (isCurrent) setIsLoading(false);
      });
    return () => {
      isCurrent = false;
    };
  }, [canQuote, productID, quantity, suburb]);

  const renderStandIn = (onFocus: () => void) => (
    <input
      className="form-input"
      placeholder="Deliver to suburb or postcode"
      aria-label="Deliver to suburb or postcode"
      autoComplete="off"
      value={text}
      onPointerEnter={preloadSuburbSearch}
      onFocus={onFocus}
      onChange={(e) => setText(e.target.value)}
      data-testid="product-shipping-suburb-input"
    />
  );
  const standIn = renderStandIn(() => setIsSearchWanted(true));

  return (
    <section className="panel panel--small product-shipping" data-testid="product-shipping">
      <h2 className="panel__title panel__title--ruled">Delivery estimate</h2>
      {isSearchWanted ? (
        <PartLoadBoundary
          name="The suburb search"
          testId="product-shipping-search-load-failed"
          standIn={renderStandIn}
        >
          <Suspense fallback={standIn}>
            <SuburbSearchIsland
              value={text}
              onChange={setText}
              onPick={pick}
              placeholder="Deliver to suburb or postcode"
              isAutoFocused
              testId="product-shipping-suburb"
            />
          </Suspense>
        </PartLoadBoundary>
      ) : (
        standIn
      )}
      <div className="product-shipping__answer">
        {isLoading && !quote ? (
          <ShippingOptionsPlaceholder />
        ) : error ? (
          <div className="notice notice--info" role="status" data-testid="product-shipping-error">
            {error}
          </div>
        ) : quote ? (
          <ShippingOptions quote={quote} testId="product-shipping-quote" />
        ) : (
          <div className="notice notice--info">Type your suburb or postcode to see delivery prices.</div>
        )}
      </div>
    </section>
  );
}
