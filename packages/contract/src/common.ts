import { z } from 'zod';

export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });

export const errorEnvelope = z.object({ code: z.number().int(), msg: z.string(), data: z.null() });

export type Envelope<T> = { code: number; msg: string; data: T };

export const id = z.coerce.number().int().positive().max(2147483647);

export const pageQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(10000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

export type Paged<T> = { list: T[]; total: number; page: number; pageSize: number };

export const isoDateTime = z.string();

export const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: 'must be an email address' }));

export const postcode = z.string().regex(/^\d{4}$/, { error: 'must be four digits' });

export const emptyBody = z.strictObject({}).nullish();

export const ok = z.null();
