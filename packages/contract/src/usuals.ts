import { z } from 'zod';
import { product } from './catalog.js';
import { USUALS_MAX } from './limits.js';

export { USUALS_MAX };

/**
 * "My usuals" (`GET product/usuals`): the active products the customer has bought most, by the number of their
 * bought orders (paid, in any state after; not cancelled, not awaiting payment) holding each, the most recently bought
 * first among equals; at most USUALS_MAX.
 */
export const usualProducts = z.object({ list: z.array(product).max(USUALS_MAX) });
export type UsualProducts = z.infer<typeof usualProducts>;
