import type {
  AdminProduct,
  AdminProductList,
  AdminProductListParams,
  ProductCreateBody,
  ProductFields,
  ProductUpdateBody,
  StockAdjustBody,
  StockMovementList,
} from '@storefront/contract/catalogue-admin';
import { allergens, type Allergen } from '@storefront/contract/catalogue-admin';
import { dietaryMarks, type DietaryMark } from '@storefront/contract/catalog';
import { pgErrorCode, UNIQUE_VIOLATION, type Db, type Executor } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit, type Actor } from '../audit/audit.service.js';
import { unitPriceOf } from '../catalog/catalog.service.js';
import { productImageUrls } from '../catalog/product-images.js';
import { announceCatalogChange } from './catalog-changes.js';
import {
  findStaffProduct,
  insertProduct,
  listStaffProducts,
  listStockMovements,
  moveStock,
  nameStockMoves,
  setStock,
  updateProductValues,
  type ProductValues,
  type StaffProductRow,
} from './products.repo.js';

/** Shown for a product made in the back office until an image is uploaded. */
export const PLACEHOLDER_IMAGE = '/products/placeholder.svg';
const MOVEMENTS_SHOWN = 100;

const isAllergen = (a: string): a is Allergen => (allergens as readonly string[]).includes(a);
const isDietaryMark = (m: string): m is DietaryMark => (dietaryMarks as readonly string[]).includes(m);

export function toAdminProduct(p: StaffProductRow): AdminProduct {
  const image = productImageUrls(p);
  return {
    productID: p.id,
    sku: p.sku,
    name: p.name,
    brand: p.brand,
    description: p.description,
    category: p.category,
    price: p.regularPriceCents,
    gstFree: p.gstFree,
    packSize: p.packSize,
    packUnit: p.packUnit,
    unitPrice: unitPriceOf({ ...p, priceCents: p.regularPriceCents }),
    weightGrams: p.weightGrams,
    stock: p.stock,
    isActive: p.isActive,
    ingredients: p.ingredients,
    allergensContains: p.allergensContains.filter(isAllergen),
    allergensMayContain: p.allergensMayContain.filter(isAllergen),
    originStatement: p.originStatement,
    dietary: p.dietary.filter(isDietaryMark),
    special:
      p.specialPriceCents !== null && p.specialStartsAt && p.specialEndsAt
        ? {
            price: p.specialPriceCents,
            startsAt: p.specialStartsAt.toISOString(),
            endsAt: p.specialEndsAt.toISOString(),
            running: p.specialRunning,
          }
        : null,
    imageUrl: image.imageUrl,
    thumbnailUrl: image.thumbnailUrl,
    version: p.version,
    updatedAt: p.updatedAt.toISOString(),
  };
}

function valuesOf(body: ProductFields): ProductValues {
  return {
    sku: body.sku,
    name: body.name,
    brand: body.brand || null,
    description: body.description,
    category: body.category,
    priceCents: body.price,
    gstFree: body.gstFree,
    packSize: body.packSize,
    packUnit: body.packUnit,
    weightGrams: body.weightGrams,
    isActive: body.isActive,
    ingredients: body.ingredients || null,
    allergensContains: [...new Set(body.allergensContains)],
    allergensMayContain: [...new Set(body.allergensMayContain)],
    originStatement: body.originStatement || null,
    // In the list's order, each once: the same marks ticked in another order are no change.
    dietary: dietaryMarks.filter((m) => body.dietary.includes(m)),
    specialPriceCents: body.special?.price ?? null,
    specialStartsAt: body.special ? new Date(body.special.startsAt) : null,
    specialEndsAt: body.special ? new Date(body.special.endsAt) : null,
  };
}

/** The fields an edit changed, before and after, for the audit log. */
function changed(before: AdminProduct, after: AdminProduct) {
  const keys = (Object.keys(after) as (keyof AdminProduct)[]).filter(
    (k) =>
      !['version', 'updatedAt', 'unitPrice'].includes(k) &&
      JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

async function refusingTakenSku<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw new AppError('PRODUCT_SKU_TAKEN');
    throw err;
  }
}

async function mustFind(exec: Executor, id: number, lock = false): Promise<StaffProductRow> {
  const row = await findStaffProduct(exec, id, { lock });
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * Products as staff keep them. Every change is audited in its transaction and announced, so each API process's
 * product list shows it at once; stock moves only by an adjustment, which the ledger records with its reason.
 */
export function createProductAdmin(db: Db, now: () => Date) {
  return {
    async list(query: AdminProductListParams): Promise<AdminProductList> {
      const { rows, total } = await listStaffProducts(db, query);
      return { list: rows.map(toAdminProduct), total, page: query.page, pageSize: query.pageSize };
    },

    async get(id: number): Promise<AdminProduct> {
      return toAdminProduct(await mustFind(db, id));
    },

    async create(body: ProductCreateBody, actor: Actor): Promise<AdminProduct> {
      const at = now();
      return refusingTakenSku(() =>
        db.transaction(async (tx) => {
          await nameStockMoves(tx, { reason: 'created', staffId: actor.staffId });
          const id = await insertProduct(
            tx,
            { ...valuesOf(body), stock: body.stock, imageUrl: PLACEHOLDER_IMAGE },
            at,
          );
          const product = toAdminProduct(await mustFind(tx, id));
          await recordAudit(
            tx,
            actor,
            { action: 'product.create', targetType: 'product', targetId: id, after: product },
            at,
          );
          await announceCatalogChange(tx);
          return product;
        }),
      );
    },

    async update(id: number, body: ProductUpdateBody, actor: Actor): Promise<AdminProduct> {
      const at = now();
      return refusingTakenSku(() =>
        db.transaction(async (tx) => {
          const before = toAdminProduct(await mustFind(tx, id, true));
          if (before.version !== body.version) throw new AppError('PRODUCT_STALE');
          await updateProductValues(tx, id, valuesOf(body), at);
          const after = toAdminProduct(await mustFind(tx, id));
          await recordAudit(
            tx,
            actor,
            { action: 'product.update', targetType: 'product', targetId: id, ...changed(before, after) },
            at,
          );
          await announceCatalogChange(tx);
          return after;
        }),
      );
    },

    async adjustStock(id: number, body: StockAdjustBody, actor: Actor): Promise<AdminProduct> {
      const at = now();
      return db.transaction(async (tx) => {
        await nameStockMoves(tx, { reason: body.reason, staffId: actor.staffId, note: body.note });
        const before = await mustFind(tx, id);
        const stock =
          body.reason === 'stocktake'
            ? await setStock(tx, id, body.count)
            : await moveStock(tx, id, body.delta);
        if (stock === undefined) throw new AppError('STOCK_BELOW_ZERO');
        const product = toAdminProduct(await mustFind(tx, id));
        await recordAudit(
          tx,
          actor,
          {
            action: 'product.stock',
            targetType: 'product',
            targetId: id,
            before: { stock: before.stock },
            after: { stock, reason: body.reason, ...(body.note ? { note: body.note } : {}) },
          },
          at,
        );
        await announceCatalogChange(tx);
        return product;
      });
    },

    async movements(id: number): Promise<StockMovementList> {
      await mustFind(db, id);
      const rows = await listStockMovements(db, id, MOVEMENTS_SHOWN);
      return {
        list: rows.map((r) => ({
          movementID: r.id,
          at: r.at.toISOString(),
          delta: r.delta,
          stockAfter: r.stockAfter,
          reason: r.reason,
          staffName: r.staffName,
          note: r.note,
        })),
      };
    },
  };
}

export type ProductAdmin = ReturnType<typeof createProductAdmin>;
