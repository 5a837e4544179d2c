// `npm start`: build the web app when missing or stale, then run the server (TypeScript, through tsx)
// in this same process so SIGTERM and SIGINT reach it directly.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';
import { ensureWebBuild, root } from './web-build.mjs';

ensureWebBuild();
register();
await import(pathToFileURL(path.join(root, 'apps/server/src/server.ts')).href);
