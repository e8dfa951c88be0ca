import type { ShippingOption, ShippingQuote, ShippingService } from '@storefront/contract/shipping';
import { formatMoney } from '../../../lib/money';
import { describeMinimumOrder } from '../minimum-order';

type Props = {
  quote: ShippingQuote;
  /** With a choice, the options become radio buttons. */
  chosen?: ShippingService;
  onChoose?: (service: ShippingService) => void;
  testId: string;
};

export function describeEta(option: Pick<ShippingOption, 'etaDaysMin' | 'etaDaysMax'>): string {
  const { etaDaysMin: min, etaDaysMax: max } = option;
  const days = min === max ? `${min}` : `${min}–${max}`;
  return `${days} business day${min === 1 && max === 1 ? '' : 's'}`;
}

/** Where the order comes in a window booked at checkout, that is when it comes: business days would not be. */
export const WINDOW_DELIVERY_NOTE = 'You choose the window at checkout';

function OptionRow({
  option,
  isWindowDelivery,
  testId,
}: {
  option: ShippingOption;
  isWindowDelivery: boolean;
  testId: string;
}) {
  return (
    <div className="shipping-option" data-testid={`${testId}-${option.service}`}>
      <div>
        <strong>{option.label}</strong>
        <div className="text-secondary">{isWindowDelivery ? WINDOW_DELIVERY_NOTE : describeEta(option)}</div>
        {option.amountToFree !== null && option.amountToFree > 0 && (
          <div className="text-secondary text-small">
            Spend {formatMoney(option.amountToFree)} more for free{' '}
            {isWindowDelivery ? 'delivery' : `${option.service} shipping`}
          </div>
        )}
      </div>
      <div className="shipping-option__price" data-testid={`${testId}-${option.service}-price`}>
        {option.isFree ? (
          <>
            {option.fullPrice > 0 && <del className="text-secondary">{formatMoney(option.fullPrice)}</del>}{' '}
            <strong className="text-success">Free</strong>
          </>
        ) : (
          <strong>{formatMoney(option.price)}</strong>
        )}
      </div>
    </div>
  );
}

/**
 * Plain markup: it shows on the cart, whose first paint does not wait for Ant Design, and on other pages. A zone
 * delivered in booked windows has one option, nothing to choose: it shows without a radio.
 */
export function ShippingOptions({ quote, chosen, onChoose, testId }: Props) {
  const { destination } = quote;
  const isWindowDelivery = quote.deliveryMode === 'window';
  const minimum = describeMinimumOrder(quote);
  return (
    <div data-testid={testId}>
      <p className="text-secondary shipping-options__destination" data-testid={`${testId}-destination`}>
        To {destination.locality} {destination.state} {destination.postcode} ·{' '}
        {(quote.weightGrams / 1000).toFixed(1)} kg
        {minimum && (
          <>
            {' · '}
            <span data-testid={`${testId}-minimum`}>{minimum}</span>
          </>
        )}
      </p>
      {onChoose && !isWindowDelivery ? (
        <div className="shipping-options" role="radiogroup" aria-label="Delivery option">
          {quote.options.map((option) => (
            <label
              key={option.service}
              className="shipping-option-radio"
              data-testid={`${testId}-choose-${option.service}`}
            >
              <input
                type="radio"
                name={`${testId}-service`}
                value={option.service}
                checked={chosen === option.service}
                onChange={() => onChoose(option.service)}
              />
              <OptionRow option={option} isWindowDelivery={false} testId={testId} />
            </label>
          ))}
        </div>
      ) : (
        <div className="shipping-options">
          {quote.options.map((option) => (
            <OptionRow
              key={option.service}
              option={option}
              isWindowDelivery={isWindowDelivery}
              testId={testId}
            />
          ))}
        </div>
      )}
    </div>
  );
}

/** Text-high stand-in for one line of the options, `width` of the column. */
function PlaceholderText({ width }: { width: string }) {
  return (
    <div>
      <span className="placeholder placeholder--text" style={{ width }} />
    </div>
  );
}

/**
 * The options while their prices load, line for line as `ShippingOptions` lays them out (the destination, then each
 * service's name and delivery time with its price beside), so nothing below moves when the prices arrive.
 */
export function ShippingOptionsPlaceholder() {
  return (
    <div aria-busy="true" aria-label="Loading delivery prices" data-testid="shipping-options-loading">
      <div className="shipping-options__destination">
        <PlaceholderText width="45%" />
      </div>
      <div className="shipping-options">
        {['standard', 'express'].map((service) => (
          <div key={service} className="shipping-option">
            <div className="shipping-option__placeholder-text">
              <PlaceholderText width="55%" />
              <PlaceholderText width="40%" />
            </div>
            <PlaceholderText width="48px" />
          </div>
        ))}
      </div>
    </div>
  );
}
