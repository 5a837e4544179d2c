import { z } from 'zod';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '../constants';

/** Message keys of the paging query's rules. */
export const PAGING_MESSAGES = {
  page: 'error.paging.page',
  size: 'error.paging.size',
  sort: 'error.paging.sort',
} as const;

export type SortDirection = 'asc' | 'desc';
export interface SortOrder<F extends string> {
  field: F;
  direction: SortDirection;
}

/**
 * The `page`, `size` and `sort` query parameters of a server-paged list: page from 0, a size from the list's
 * own choices, and `sort=field,asc|desc` over the fields the list can sort by. Each refusal names its parameter.
 */
export function pageQuery<F extends string>(options: {
  sizes: readonly number[];
  sortFields: readonly [F, ...F[]];
  defaultSort: SortOrder<NoInfer<F>>;
  defaultSize?: number;
}) {
  const { sizes, sortFields, defaultSort, defaultSize = DEFAULT_PAGE_SIZE } = options;
  return z.object({
    page: z.coerce
      .number({ error: PAGING_MESSAGES.page })
      .int(PAGING_MESSAGES.page)
      .min(0, PAGING_MESSAGES.page)
      .max(1_000_000, PAGING_MESSAGES.page)
      .default(DEFAULT_PAGE),
    size: z.coerce
      .number({ error: PAGING_MESSAGES.size })
      .refine((n) => sizes.includes(n), PAGING_MESSAGES.size)
      .default(defaultSize),
    sort: z
      .string({ error: PAGING_MESSAGES.sort })
      .transform((value, context): SortOrder<F> => {
        const [field, direction = 'asc', ...rest] = value.split(',');
        if (rest.length > 0 || !sortFields.includes(field as F) || (direction !== 'asc' && direction !== 'desc')) {
          context.addIssue({ code: 'custom', message: PAGING_MESSAGES.sort });
          return z.NEVER;
        }
        return { field: field as F, direction };
      })
      .default(defaultSort),
  });
}

/** A page of a server-paged list, as paged replies carry it: `content` and `totalElements`. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    totalElements: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
  });
}
export interface Page<T> {
  content: T[];
  totalElements: number;
  page: number;
  size: number;
}
