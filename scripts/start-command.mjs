// The arguments `npm start` gives node (package.json's "start" script: its flags, then scripts/start.mjs), so
// a bench or a journey that starts the portal in a child process of its own starts it exactly the same way.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './web-build.mjs';

export function startArguments() {
  const script = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start;
  const [command, ...args] = script.trim().split(/\s+/);
  if (command !== 'node' || args.at(-1) !== 'scripts/start.mjs')
    throw new Error(`npm start must be "node [flags] scripts/start.mjs", not "${script}"`);
  return args;
}
