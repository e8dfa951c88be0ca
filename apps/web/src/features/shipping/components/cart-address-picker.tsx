import { Select } from 'antd';
import type { Address } from '@storefront/contract/address';
import { AntdIsland } from '../../../components/antd-island';
import { formatAddress } from '../../address/format-address';

type Props = {
  addresses: Address[];
  addressID: number | null;
  isChoosing: boolean;
  onChoose: (addressID: number) => void;
  /** Opened by the click that loaded it. */
  isInitiallyOpen: boolean;
};

/** The cart's one Ant Design part: loaded when the customer reaches for it, in place of its plain stand-in. */
export function CartAddressPicker({ addresses, addressID, isChoosing, onChoose, isInitiallyOpen }: Props) {
  return (
    <AntdIsland>
      <Select
        style={{ width: '100%' }}
        defaultOpen={isInitiallyOpen}
        autoFocus={isInitiallyOpen}
        value={addressID ?? undefined}
        loading={isChoosing}
        aria-label="Deliver to"
        data-testid="cart-address-picker"
        onChange={onChoose}
        options={addresses.map((a) => ({
          value: a.addressID,
          label: <span data-testid={`cart-address-option-${a.addressID}`}>{formatAddress(a)}</span>,
        }))}
      />
    </AntdIsland>
  );
}
