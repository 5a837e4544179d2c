/** A nested catalog as `{ 'a.b.c': text }`, the way keys are written in the source. */
export function flattenCatalog(tree: object, prefix = ''): Record<string, unknown> {
  return Object.entries(tree).reduce<Record<string, unknown>>((flat, [key, value]) => {
    const full = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && !Array.isArray(value)) return { ...flat, ...flattenCatalog(value, full) };
    return { ...flat, [full]: value };
  }, {});
}

/** The {{placeholders}} of a text, sorted, to compare languages. */
export function placeholdersOf(text: unknown): string[] {
  return (
    String(text)
      .match(/{{\s*\w+\s*}}/g)
      ?.sort() ?? []
  );
}
