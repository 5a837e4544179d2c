import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `apps/server`: the directory above this module's, the same whether the server runs from its TypeScript sources
 * (`src/`) or from the bundle `npm start` builds (`dist/`). Files the server reads beside its code (migrations, the
 * picture worker, the web app) are found from here, never from a module's own place, which a bundle changes.
 */
export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
