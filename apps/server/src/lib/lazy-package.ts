import { createRequire } from 'node:module';

const requirePackage = createRequire(import.meta.url);

/**
 * A package loaded the first time it is used rather than when the server starts, so a server that never needs it
 * never holds its code: survey-core holds about 7 MB of heap. The package is loaded synchronously
 * (its CommonJS build), so the functions that use it stay synchronous; every value import of such a package must go
 * through its loader, or one process would hold two copies whose classes fail each other's `instanceof`.
 */
export function lazyPackage<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requirePackage(name) as T);
}
