import { z } from 'zod';

/** The query of a paged list: how many items (1–100) and the `next_cursor` of the previous page. */
export const pageQuery = (defaultLimit: number) =>
  z
    .object({
      limit: z.coerce.number().int().min(1).max(100).default(defaultLimit),
      cursor: z.string().max(200).optional().describe('next_cursor of the previous page'),
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
