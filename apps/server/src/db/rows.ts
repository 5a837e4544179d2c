/** The rows of a raw `db.execute(sql…)` result, typed as the query's columns (both drivers answer `{ rows }`). */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
