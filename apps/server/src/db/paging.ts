import { sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';

/** A page of a server-paged list: `page` counts from 0, `size` rows a page. */
export interface PageRequest {
  page: number;
  size: number;
}

/** The rows of one page of a select (made dynamic with `$dynamic()`). */
export function onePage<T extends PgSelect>(query: T, { page, size }: PageRequest): T {
  return query.limit(size).offset(page * size);
}

/** The same page as the end of a raw SQL query. */
export const pageSql = ({ page, size }: PageRequest) => sql`limit ${size} offset ${page * size}`;
