// `npm start`: build the web app when missing or stale, bundle the server (scripts/server-build.mjs), then run it
// in this same process so SIGTERM and SIGINT reach it directly.
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import { buildServer, serverBundle } from './server-build.mjs';
import { ensureWebBuild } from './web-build.mjs';

// Memory at idle: a young generation of 2 MB semi-spaces instead of up to 16 MB keeps about 35 MB less resident
// at no measurable cost in throughput.
v8.setFlagsFromString('--max-semi-space-size=2');
ensureWebBuild();
await buildServer();
await import(pathToFileURL(serverBundle).href);
