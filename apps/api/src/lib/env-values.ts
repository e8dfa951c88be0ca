import { z } from 'zod';

/** An environment switch: 1/0, true/false, yes/no, on/off. */
export const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], { error: 'must be true or false' })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));
