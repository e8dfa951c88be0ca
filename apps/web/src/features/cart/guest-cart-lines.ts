import type { UnavailableReason } from '@storefront/contract/cart';
import type { Product } from '@storefront/contract/catalog';
import { errorCatalogue } from '@storefront/contract/errors';
import { readErrorCode } from '../../lib/http/error-message';
import type { GuestCart } from './guest-cart';

/** A public read of one product (the catalogue's `product/detail`), given to the cart by the app's router. */
export type ReadProduct = (productID: number) => Promise<Product>;

/** What the guest cart page shows of a line: the browser holds the quantity, the catalogue the rest. */
export type GuestLine = {
  productID: number;
  name: string;
  imageUrl: string;
  price: number;
  /** The regular price: above `price` while the product is on special. */
  regularPrice: number;
  quantity: number;
  stock: number;
  lineTotal: number;
  unavailableReason: UnavailableReason | null;
};

/** A product the shop no longer has (the read answered NOT_FOUND): its line is shown as no longer sold. */
export const GONE = null;

/**
 * Reads the products of the lines not read yet, side by side (the public catalogue has no read of several products
 * by id). A product that is not there answers `GONE`; any other failure rejects, so the page offers Try again.
 */
export async function readGuestProducts(
  productIDs: readonly number[],
  readProduct: ReadProduct,
): Promise<Map<number, Product | typeof GONE>> {
  const read = await Promise.all(
    productIDs.map(async (productID) => {
      try {
        return [productID, await readProduct(productID)] as const;
      } catch (err) {
        if (readErrorCode(err) === errorCatalogue.NOT_FOUND.code) return [productID, GONE] as const;
        throw err;
      }
    }),
  );
  return new Map(read);
}

/** Why `quantity` of the product cannot be bought now, as the server's cart says it (null when it can). */
function unavailableReasonOf(product: Product, quantity: number): UnavailableReason | null {
  if (!product.isActive) return 'inactive';
  if (product.stock <= 0) return 'out_of_stock';
  if (product.stock < quantity) return 'not_enough_stock';
  return null;
}

/** The guest cart's lines priced from the products read; lines whose product is not read yet are left out. */
export function priceGuestLines(
  items: GuestCart['items'],
  products: ReadonlyMap<number, Product | typeof GONE>,
): GuestLine[] {
  return items.flatMap(({ productID, quantity }) => {
    if (!products.has(productID)) return [];
    const product = products.get(productID);
    if (!product) {
      return [
        {
          productID,
          name: 'A product no longer in our shop',
          imageUrl: '',
          price: 0,
          regularPrice: 0,
          quantity,
          stock: 0,
          lineTotal: 0,
          unavailableReason: 'inactive' as const,
        },
      ];
    }
    return [
      {
        productID,
        name: product.name,
        imageUrl: product.thumbnailUrl || product.imageUrl,
        price: product.price,
        regularPrice: product.wasPrice ?? product.price,
        quantity,
        stock: product.stock,
        lineTotal: product.price * quantity,
        unavailableReason: unavailableReasonOf(product, quantity),
      },
    ];
  });
}

/** Lines that can still be edited: those that can be bought, and those asking for more than is in stock. */
export function isEditable(line: GuestLine): boolean {
  return line.unavailableReason === null || line.unavailableReason === 'not_enough_stock';
}

/** What the lines that can be bought come to: their items and subtotal, in cents. */
export function totalGuestLines(lines: readonly GuestLine[]): { count: number; subtotal: number } {
  const bought = lines.filter((line) => line.unavailableReason === null);
  return {
    count: bought.reduce((n, line) => n + line.quantity, 0),
    subtotal: bought.reduce((sum, line) => sum + line.lineTotal, 0),
  };
}
