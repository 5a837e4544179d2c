/** Whether a failed query broke a unique index (SQLSTATE 23505), looking through drizzle's wrapping. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
