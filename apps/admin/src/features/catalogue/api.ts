import type {
  AdminProduct,
  AdminProductList,
  AdminProductListParams,
  ProductCreateBody,
  ProductUpdateBody,
  StockAdjustBody,
  StockMovementList,
} from '@storefront/contract/catalogue-admin';
import { callApi, getData, postData, putData } from '../../lib/http/client';

export function listProducts(query: AdminProductListParams): Promise<AdminProductList> {
  return getData<AdminProductList>('/products', {
    q: query.q,
    category: query.category,
    status: query.status,
    lowStock: query.lowStock ? 'true' : undefined,
    page: query.page,
    pageSize: query.pageSize,
  });
}

export function readProduct(productID: number): Promise<AdminProduct> {
  return getData<AdminProduct>(`/products/${productID}`);
}

export function createProduct(body: ProductCreateBody): Promise<AdminProduct> {
  return postData<AdminProduct>('/products', body);
}

/** Saves an edit made on `body.version`; refused (PRODUCT_STALE) when someone changed the product since. */
export function updateProduct(productID: number, body: ProductUpdateBody): Promise<AdminProduct> {
  return putData<AdminProduct>(`/products/${productID}`, body);
}

export function adjustStock(productID: number, body: StockAdjustBody): Promise<AdminProduct> {
  return postData<AdminProduct>(`/products/${productID}/stock`, body);
}

/** The latest stock movements of a product, newest first. */
export function listStockMovements(productID: number): Promise<StockMovementList> {
  return getData<StockMovementList>(`/products/${productID}/stock`);
}

/** Sends the image file itself as the body, typed as the file is. */
export function uploadProductImage(productID: number, file: File): Promise<AdminProduct> {
  return callApi<AdminProduct>({
    method: 'PUT',
    url: `/products/${productID}/image`,
    data: file,
    headers: { 'Content-Type': file.type },
  });
}
