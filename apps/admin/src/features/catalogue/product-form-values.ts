import type { FormInstance } from 'antd';
import type { Dayjs } from 'dayjs';
import type { AdminProduct, Allergen, packUnits, ProductFields } from '@storefront/contract/catalogue-admin';
import type { DietaryMark } from '@storefront/contract/limits';
import { errorCatalogue } from '@storefront/contract/errors';
import { showRefusalOnForm } from '../../lib/form-errors';
import { dollarsToCents } from '../../lib/format';
import { ApiError } from '../../lib/http/api-error';
import { fromStorePickerValue, toStorePickerValue } from './store-time';

export type PackUnit = (typeof packUnits)[number];

/** The product form as staff fill it: money in dollars, the special's times on the store's clock. */
export type ProductFormValues = {
  name: string;
  brand: string;
  sku: string;
  category?: string;
  description: string;
  weightGrams?: number | null;
  price: string;
  gstFree: boolean;
  packSize?: number | null;
  packUnit?: PackUnit | null;
  hasSpecial: boolean;
  specialPrice?: string;
  specialStartsAt?: Dayjs | null;
  specialEndsAt?: Dayjs | null;
  ingredients: string;
  allergensContains: Allergen[];
  allergensMayContain: Allergen[];
  originStatement: string;
  dietary: DietaryMark[];
  /** Opening stock, for a new product only. */
  stock?: number | null;
  isActive: boolean;
};

/** Cents as a dollar amount to edit: 450 -> "4.50". */
export function centsToDollars(cents: number): string {
  return (cents / 100).toFixed(2);
}

export const newProductValues: ProductFormValues = {
  name: '',
  brand: '',
  sku: '',
  description: '',
  price: '',
  gstFree: false,
  hasSpecial: false,
  ingredients: '',
  allergensContains: [],
  allergensMayContain: [],
  originStatement: '',
  dietary: [],
  stock: 0,
  isActive: true,
};

export function formValuesOf(p: AdminProduct): ProductFormValues {
  return {
    name: p.name,
    brand: p.brand ?? '',
    sku: p.sku,
    category: p.category,
    description: p.description,
    weightGrams: p.weightGrams,
    price: centsToDollars(p.price),
    gstFree: p.gstFree,
    packSize: p.packSize,
    packUnit: p.packUnit,
    hasSpecial: p.special !== null,
    specialPrice: p.special ? centsToDollars(p.special.price) : undefined,
    specialStartsAt: p.special ? toStorePickerValue(p.special.startsAt) : null,
    specialEndsAt: p.special ? toStorePickerValue(p.special.endsAt) : null,
    ingredients: p.ingredients ?? '',
    allergensContains: p.allergensContains,
    allergensMayContain: p.allergensMayContain,
    originStatement: p.originStatement ?? '',
    dietary: p.dietary,
    isActive: p.isActive,
  };
}

const orNull = (text: string | undefined): string | null => text?.trim() || null;

/**
 * What the API takes for the form's values; null when a value is not one the form's rules let through (they show
 * why), so nothing half-read is sent.
 */
export function productFieldsOf(values: ProductFormValues): ProductFields | null {
  const price = dollarsToCents(values.price);
  if (price === null || !values.category || typeof values.weightGrams !== 'number') return null;
  let special: ProductFields['special'] = null;
  if (values.hasSpecial) {
    const specialPrice = dollarsToCents(values.specialPrice);
    if (specialPrice === null || !values.specialStartsAt || !values.specialEndsAt) return null;
    special = {
      price: specialPrice,
      startsAt: fromStorePickerValue(values.specialStartsAt),
      endsAt: fromStorePickerValue(values.specialEndsAt),
    };
  }
  const hasPack = typeof values.packSize === 'number' && Boolean(values.packUnit);
  return {
    sku: values.sku.trim(),
    name: values.name.trim(),
    brand: orNull(values.brand),
    description: values.description.trim(),
    category: values.category,
    price,
    gstFree: values.gstFree,
    packSize: hasPack ? (values.packSize ?? null) : null,
    packUnit: hasPack ? (values.packUnit ?? null) : null,
    weightGrams: values.weightGrams,
    isActive: values.isActive,
    ingredients: orNull(values.ingredients),
    allergensContains: values.allergensContains,
    allergensMayContain: values.allergensMayContain,
    originStatement: orNull(values.originStatement),
    dietary: values.dietary,
    special,
  };
}

/** The form's field for a field the API named ("body.special.price"): the special's are flat on the form. */
function formFieldOf(apiField: string): string {
  const path = apiField.replace(/^body\./, '');
  if (path === 'special' || path === 'special.price') return 'specialPrice';
  if (path === 'special.startsAt') return 'specialStartsAt';
  if (path === 'special.endsAt') return 'specialEndsAt';
  return path.split('.')[0] ?? path;
}

/**
 * Shows a refused save on the form (a taken SKU at the SKU, a 400's fields at theirs); answers the message to show
 * above the form when it is about none of them.
 */
export function showProductRefusal(form: FormInstance<ProductFormValues>, reason: unknown): string | null {
  const onForm =
    reason instanceof ApiError && reason.fields.length > 0
      ? new ApiError(reason.message, {
          code: reason.code,
          status: reason.status,
          fields: reason.fields.map((f) => ({ ...f, field: formFieldOf(f.field) })),
        })
      : reason;
  return showRefusalOnForm(form, onForm, { [errorCatalogue.PRODUCT_SKU_TAKEN.code]: 'sku' });
}
