import { z } from 'zod';
import { keysetCursor } from './cursor';
import { IdKind } from './ids';

/** The query of an oldest-first list of ids of `kind`: how many items (1–100) and the `next_cursor` of the previous page. */
export const pageQuery = (kind: IdKind, defaultLimit: number) =>
  z
    .object({
      limit: z.coerce.number().int().min(1).max(100).default(defaultLimit),
      cursor: keysetCursor(kind).optional(),
    })
    .strict();

/** The body of a change (PATCH): the fields to change, every one optional, and at least one of them sent. */
export function changeOf<Shape extends z.ZodRawShape>(shape: Shape) {
  const fields = Object.keys(shape);
  const which = fields.length === 2 ? fields.join(' and/or ') : `at least one of ${fields.join(', ')}`;
  return z
    .object(shape)
    .strict()
    .refine((change) => Object.keys(change).length > 0, { message: `send ${which}` });
}
