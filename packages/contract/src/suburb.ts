import { z } from 'zod';
import { id, postcode } from './common.js';

import { australianStates } from './limits.js';

export { australianStates };
export const australianState = z.enum(australianStates, {
  error: 'must be an Australian state or territory',
});
export type AustralianState = z.infer<typeof australianState>;

export const suburb = z.object({
  suburbID: z.number().int(),
  suburb: z.string(),
  state: australianState,
  postcode: z.string(),
});
export type Suburb = z.infer<typeof suburb>;

export const suburbStateQuery = z.strictObject({ postcode });

export const suburbSearchQuery = z.strictObject({
  keyword: z.string().trim().min(1, { error: 'is required' }).max(60),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const suburbIdParams = z.strictObject({ id });
