import { prefetch, takePrefetched } from '../../lib/prefetch';
import { listAddresses } from '../address/api';

const ADDRESS_BOOK = 'cart/address-book';

/** The cart page's address book, startable as the page opens (app/router.tsx) rather than after its code. */
export function loadCartAddressBook() {
  return takePrefetched(ADDRESS_BOOK, listAddresses);
}

export function prefetchCartAddressBook(): void {
  prefetch(ADDRESS_BOOK, listAddresses);
}
