import type { UnavailableReason } from '@storefront/contract/cart';
import { AppError } from '../../lib/app-error.js';
import type { CartProduct } from './catalog.repo.js';

/** Whether `quantity` of the product can be bought now, and if not, why. */
export function unavailableReasonOf(
  product: Pick<CartProduct, 'isActive' | 'stock'>,
  quantity: number,
): UnavailableReason | null {
  if (!product.isActive) return 'inactive';
  if (product.stock <= 0) return 'out_of_stock';
  if (product.stock < quantity) return 'not_enough_stock';
  return null;
}

/** The error that names the product and says why `quantity` of it (on top of `inCart` already held) cannot be had. */
export function stockError(product: CartProduct, quantity: number, inCart = 0): AppError {
  if (!product.isActive) return new AppError('PRODUCT_UNAVAILABLE', `${product.name} is not available.`);
  if (product.stock <= 0) return new AppError('NOT_ENOUGH_STOCK', `${product.name} is out of stock.`);
  const asked = inCart > 0 ? `, and ${inCart} already in your cart` : `, not ${quantity}`;
  return new AppError('NOT_ENOUGH_STOCK', `Only ${product.stock} of ${product.name} in stock${asked}.`);
}
