import { sql, type SQL } from 'drizzle-orm';

/**
 * A timestamp as an ISO 8601 UTC string (`2026-03-01T12:00:00.000Z`), for raw queries: both drivers then hand
 * back the same text, which `new Date` reads exactly.
 */
export const isoText = (timestamp: SQL) =>
  sql`to_char(${timestamp} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
