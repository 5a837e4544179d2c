import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { root } from './web-build.mjs';

export const serverBundle = path.join(root, 'apps/server/dist/server.mjs');

/**
 * Bundles the server's TypeScript and the shared package into one ES module (dependencies stay in node_modules),
 * so `npm start` runs plain JavaScript: no TypeScript loader at run time, which would keep a
 * thread and its memory for the whole life of the process. It takes a fraction of a second, so it runs at every
 * start; it is written under a name of its own and then renamed, so processes starting together never read a
 * half-written bundle. No source map: Node would parse the map of every loaded module that names one, dependencies
 * included (tens of megabytes); stack traces name the server's functions, with the bundle's line numbers.
 */
export async function buildServer() {
  const { outputFiles } = await build({
    entryPoints: [path.join(root, 'apps/server/src/server.ts')],
    outfile: serverBundle,
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    alias: { '@portal/shared': path.join(root, 'packages/shared/src') },
    logLevel: 'warning',
  });
  mkdirSync(path.dirname(serverBundle), { recursive: true });
  const own = `${serverBundle}.${process.pid}`;
  writeFileSync(own, outputFiles[0].contents);
  renameSync(own, serverBundle);
}
