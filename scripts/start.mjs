// `npm start`: build the web app when missing or stale, then run the server (TypeScript, through tsx)
// in this same process so SIGTERM and SIGINT reach it directly.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import { register } from 'tsx/esm/api';
import { ensureWebBuild, root } from './web-build.mjs';

// Memory at idle (docs/decisions/020-server-speed.md): a young generation of 2 MB semi-spaces instead of up to
// 16 MB keeps about 35 MB less resident at no measurable cost in throughput, and without source maps Node does
// not keep a parsed map of every loaded module (the dependencies' too, about 35 MB). Stack traces still name
// the TypeScript file and function; their line numbers are those of the transpiled code.
v8.setFlagsFromString('--max-semi-space-size=2');
ensureWebBuild();
register();
process.setSourceMapsEnabled(false);
await import(pathToFileURL(path.join(root, 'apps/server/src/server.ts')).href);
