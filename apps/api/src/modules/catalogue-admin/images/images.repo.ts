import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { products } from '../../../db/schema/index.js';

export async function setProductImage(
  tx: Executor,
  id: number,
  image: { imageUrl: string; imageKey: string },
  at: Date,
): Promise<void> {
  await tx
    .update(products)
    .set({ ...image, version: sql`${products.version} + 1`, updatedAt: at })
    .where(eq(products.id, id));
}
