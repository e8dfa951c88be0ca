// One way to write an address, shared with the mails: the unit before the street ("Unit 3, 12 King St, …").
export { formatAddress, streetLine } from '@storefront/contract/address-lines';
