// Stores a Brotli (.br) and a gzip (.gz) copy beside every text file of dist that compression makes smaller,
// so the server sends them as they are, with no compression work per request. Run after the build.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const TEXT_FILES = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024; // below one packet compression gains nothing
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function textFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return textFiles(file);
    return TEXT_FILES.test(entry.name) ? [file] : [];
  });
}

let written = 0;
for (const file of textFiles(distDir)) {
  const content = readFileSync(file);
  if (content.length < MIN_BYTES) continue;
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzip(content, { level: 9 }),
  ]);
  for (const [suffix, compressed] of [
    ['.br', br],
    ['.gz', gz],
  ]) {
    if (compressed.length >= content.length) continue;
    writeFileSync(`${file}${suffix}`, compressed);
    written++;
  }
}
process.stdout.write(`stored ${written} compressed copies in dist\n`);
