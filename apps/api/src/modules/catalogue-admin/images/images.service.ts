import type { AdminProduct } from '@storefront/contract/catalogue-admin';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../lib/app-error.js';
import { recordAudit, type Actor } from '../../audit/audit.service.js';
import { IMAGE_WIDTHS, imageFileName } from '../../catalog/product-images.js';
import { announceCatalogChange } from '../catalog-changes.js';
import { findStaffProduct } from '../products.repo.js';
import { toAdminProduct } from '../products.service.js';
import type { ImageStorage } from './image-storage.js';
import { productImageFiles } from './product-image-files.js';
import { setProductImage } from './images.repo.js';

export type ImageService = ReturnType<typeof createImageService>;

export function createImageService(db: Db, { now, storage }: { now: () => Date; storage: ImageStorage }) {
  return {
    /**
     * Makes the upload the product's image. The files are stored before the row names them, so the shop never links
     * to a file not yet there; an upload whose product goes in between leaves unused files (named by content, harmless).
     */
    async upload(productId: number, bytes: Buffer, actor: Actor): Promise<AdminProduct> {
      if (!(await findStaffProduct(db, productId))) throw new AppError('NOT_FOUND');
      const { key, files } = await productImageFiles(bytes);
      for (const file of files) await storage.put(file.name, file.bytes);
      const image = { imageUrl: storage.urlOf(imageFileName(key, IMAGE_WIDTHS.page)), imageKey: key };
      return db.transaction(async (tx) => {
        const before = await findStaffProduct(tx, productId, { lock: true });
        if (!before) throw new AppError('NOT_FOUND');
        const at = now();
        await setProductImage(tx, productId, image, at);
        await recordAudit(
          tx,
          actor,
          {
            action: 'product.image',
            targetType: 'product',
            targetId: productId,
            before: { imageUrl: before.imageUrl, imageKey: before.imageKey },
            after: image,
          },
          at,
        );
        await announceCatalogChange(tx);
        const after = await findStaffProduct(tx, productId);
        if (!after) throw new Error('the product went in its own transaction');
        return toAdminProduct(after);
      });
    },
  };
}
