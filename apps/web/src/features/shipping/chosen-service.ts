import type { ShippingService } from '@storefront/contract/shipping';

const STORAGE_KEY = 'storefront.shippingService';

type ServiceStorage = Pick<Storage, 'getItem' | 'setItem'>;

function sessionStore(): ServiceStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The delivery option chosen in the cart, so the checkout opens with the same one (and the same total). */
export function readChosenService(storage: ServiceStorage | null = sessionStore()): ShippingService {
  try {
    return storage?.getItem(STORAGE_KEY) === 'express' ? 'express' : 'standard';
  } catch {
    return 'standard';
  }
}

export function saveChosenService(
  service: ShippingService,
  storage: ServiceStorage | null = sessionStore(),
): void {
  try {
    storage?.setItem(STORAGE_KEY, service);
  } catch {
    // Storage full or blocked: the choice then lasts only for this page.
  }
}
