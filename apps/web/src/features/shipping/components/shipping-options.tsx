import { Radio, Space, Typography } from 'antd';
import type { ShippingOption, ShippingQuote, ShippingService } from '@storefront/contract/shipping';
import { formatMoney } from '../../../lib/money';

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

function OptionRow({ option, testId }: { option: ShippingOption; testId: string }) {
  return (
    <div className="shipping-option" data-testid={`${testId}-${option.service}`}>
      <div>
        <Typography.Text strong>{option.label}</Typography.Text>
        <div>
          <Typography.Text type="secondary">{describeEta(option)}</Typography.Text>
        </div>
        {option.amountToFree !== null && option.amountToFree > 0 && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Spend {formatMoney(option.amountToFree)} more for free {option.service} shipping
          </Typography.Text>
        )}
      </div>
      <div className="shipping-option__price" data-testid={`${testId}-${option.service}-price`}>
        {option.isFree ? (
          <>
            {option.fullPrice > 0 && (
              <Typography.Text delete>{formatMoney(option.fullPrice)}</Typography.Text>
            )}{' '}
            <Typography.Text strong type="success">
              Free
            </Typography.Text>
          </>
        ) : (
          <Typography.Text strong>{formatMoney(option.price)}</Typography.Text>
        )}
      </div>
    </div>
  );
}

export function ShippingOptions({ quote, chosen, onChoose, testId }: Props) {
  const { destination } = quote;
  return (
    <div data-testid={testId}>
      <Typography.Paragraph
        type="secondary"
        style={{ marginBottom: 8 }}
        data-testid={`${testId}-destination`}
      >
        To {destination.locality} {destination.state} {destination.postcode} ·{' '}
        {(quote.weightGrams / 1000).toFixed(1)} kg
      </Typography.Paragraph>
      {onChoose ? (
        <Radio.Group
          value={chosen}
          onChange={(e) => onChoose(e.target.value as ShippingService)}
          style={{ width: '100%' }}
        >
          <Space direction="vertical" style={{ width: '100%' }}>
            {quote.options.map((option) => (
              <Radio
                key={option.service}
                value={option.service}
                className="shipping-option-radio"
                data-testid={`${testId}-choose-${option.service}`}
              >
                <OptionRow option={option} testId={testId} />
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          {quote.options.map((option) => (
            <OptionRow key={option.service} option={option} testId={testId} />
          ))}
        </Space>
      )}
    </div>
  );
}
