import { z } from 'zod';
import { digits, idParam, postcode, searchText } from './common.js';

import { australianStates } from './limits.js';

export { australianStates };
export const australianState = z.enum(australianStates, {
  error: 'must be an Australian state or territory',
});
export type AustralianState = z.infer<typeof australianState>;

export const suburb = z.object({
  suburbID: z.number().int(),
  suburb: z.string().max(60),
  state: australianState,
  postcode: z.string().max(4),
});
export type Suburb = z.infer<typeof suburb>;

/** Every locality of one postcode: 111 at most in the data. */
export const suburbList = z.array(suburb).max(200);

export const suburbStateQuery = z.strictObject({ postcode });

export const suburbSearchQuery = z.strictObject({
  keyword: searchText(60).pipe(z.string().min(1, { error: 'is required' })),
  limit: digits(1, 50).prefault('20'),
});

export const suburbIdParams = z.strictObject({ id: idParam });
