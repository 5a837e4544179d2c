// `npm start`: build the web app when missing or stale, bundle the server (scripts/server-build.mjs), then run it
// in this same process so SIGTERM and SIGINT reach it directly. package.json starts it as
// `node --max-semi-space-size=8 --require ./scripts/preload-thread-pool.cjs scripts/start.mjs`: a young generation
// of 8 MB semi-spaces instead of up to 16 MB keeps about 10 MB less resident once the server has been busy (2 MB
// kept 25 MB less, but doubled the p99 of survey saves under load); V8 reads that flag only when the process starts.
// The preload sizes libuv's thread pool to the machine's cores before the first file read starts it.
import { pathToFileURL } from 'node:url';
import { buildServer, serverBundle } from './server-build.mjs';
import { requireSupportedNode } from './supported-node.mjs';
import { ensureWebBuild } from './web-build.mjs';

requireSupportedNode();
ensureWebBuild();
await buildServer();
await import(pathToFileURL(serverBundle).href);
