import { Alert, Card, Skeleton } from 'antd';
import type { ShippingQuote } from '@storefront/contract/shipping';
import type { Suburb } from '@storefront/contract/suburb';
import { useEffect, useState } from 'react';
import { readErrorMessage } from '../../../lib/http/error-message';
import { SuburbSearch } from '../../suburb/components/suburb-search';
import { quoteSingleProduct } from '../api';
import { ShippingOptions } from './shipping-options';

type Props = { productID: number; quantity: number; isSignedIn: boolean };

/** Standard and express prices for one product to a suburb; signed in, to the customer's own postcode first. */
export function ProductShippingEstimate({ productID, quantity, isSignedIn }: Props) {
  const [text, setText] = useState('');
  const [suburb, setSuburb] = useState<Suburb | null>(null);
  const [quote, setQuote] = useState<ShippingQuote | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isLoading, setIsLoading] = useState(false);
  const canQuote = suburb !== null || isSignedIn;

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

  return (
    <Card size="small" title="Delivery estimate" className="product-shipping" data-testid="product-shipping">
      <SuburbSearch
        value={text}
        onChange={setText}
        onPick={setSuburb}
        placeholder="Deliver to suburb or postcode"
        testId="product-shipping-suburb"
      />
      <div style={{ marginTop: 12 }}>
        {isLoading && !quote ? (
          <Skeleton active paragraph={{ rows: 2 }} title={false} />
        ) : error ? (
          <Alert type="info" showIcon message={error} data-testid="product-shipping-error" />
        ) : quote ? (
          <ShippingOptions quote={quote} testId="product-shipping-quote" />
        ) : (
          <Alert type="info" showIcon message="Type your suburb or postcode to see delivery prices." />
        )}
      </div>
    </Card>
  );
}
