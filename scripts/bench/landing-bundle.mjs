// The JavaScript a browser downloads before the landing page can render, measured the way it
// travels: gzip-compressed. Starts from what index.html loads (the entry module and the
// modulepreload links), follows static imports transitively, and adds the lazily loaded chunks
// `/` cannot be taken over without: the app's start-up (which the entry imports after the first paint), the
// LandingPage chunk, the first part of the English texts and the landing page's English texts (all loaded with
// import()). A part the app loads beside the page, in a Suspense boundary of its own that the takeover does not
// wait for (the help assistant's toggle), is not counted.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { staticImports } from './static-imports.mjs';

const FIRST_RENDER_CHUNKS = [
  { prefix: 'start-portal-', why: 'app start-up' }, // first: the others are imported from its code
  { prefix: 'LandingPage-', why: 'lazy landing page' },
  { prefix: 'first-en-', why: 'English texts of the shell and the landing page' },
  { prefix: 'en-', why: 'English landing texts' },
];
// `import("./LandingPage-x.js")` or with a template literal, as Vite/Rolldown emit it.
const dynamicImportOf = (prefix) =>
  new RegExp(`\\bimport\\(\\s*[\`'"]([^\`'"]*/${prefix}[^\`'"/]+\\.js)[\`'"]\\s*\\)`, 'g');

function attributes(tag) {
  const result = {};
  for (const m of tag.matchAll(/([\w-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    result[m[1].toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? '';
  }
  return result;
}

/** The entry module scripts and modulepreload links of index.html, as URLs. */
function htmlEntryPoints(html) {
  const found = [];
  for (const [tag, name] of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const attrs = attributes(tag.slice(name.length + 1));
    if (name.toLowerCase() === 'script' && attrs.type === 'module' && attrs.src) {
      found.push({ url: attrs.src, reason: 'entry script' });
    } else if (name.toLowerCase() === 'link' && attrs.rel?.split(/\s+/).includes('modulepreload') && attrs.href) {
      found.push({ url: attrs.href, reason: 'modulepreload' });
    }
  }
  return found;
}

/** Maps a URL from index.html (served from the dist root) to a file in distDir. */
function fileForUrl(distDir, url) {
  if (/^[a-z]+:\/\//i.test(url)) throw new Error(`index.html loads a script from another origin: ${url}`);
  return path.join(distDir, decodeURIComponent(url.split(/[?#]/)[0]));
}

/** Maps an import specifier inside a chunk to a file in distDir. */
function fileForSpecifier(distDir, fromFile, specifier) {
  if (specifier.startsWith('./') || specifier.startsWith('../')) return path.resolve(path.dirname(fromFile), specifier);
  if (specifier.startsWith('/')) return fileForUrl(distDir, specifier);
  throw new Error(`${path.relative(distDir, fromFile)} imports "${specifier}", which a browser cannot resolve`);
}

/**
 * Returns every file the landing page loads first, with why it is loaded, its size and its
 * gzip (level 9) size, plus the totals. Throws when index.html or a chunk it needs is missing.
 */
export function measureLandingBundle(distDirectory) {
  const distDir = path.resolve(distDirectory); // one absolute spelling of every path, for the Map keys
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`${indexFile} is missing: the web app is not built`);
  const entryPoints = htmlEntryPoints(readFileSync(indexFile, 'utf8'));
  if (!entryPoints.some((e) => e.reason === 'entry script'))
    throw new Error('index.html has no <script type="module" src=…>');

  // Breadth-first, so a file index.html names directly is listed with that reason.
  const included = new Map(); // file -> { reason, source, content }
  const includeAll = (queue) => {
    while (queue.length > 0) {
      const { file, reason } = queue.shift();
      if (included.has(file)) continue;
      if (!existsSync(file)) throw new Error(`${path.relative(distDir, file)} (${reason}) does not exist`);
      const content = readFileSync(file); // gzip the exact bytes on disk
      const source = content.toString('utf8');
      included.set(file, { reason, source, content });
      for (const specifier of staticImports(source)) {
        queue.push({ file: fileForSpecifier(distDir, file, specifier), reason: `imported by ${path.basename(file)}` });
      }
    }
  };

  includeAll(entryPoints.map(({ url, reason }) => ({ file: fileForUrl(distDir, url), reason })));

  // The lazily loaded chunks of the first render: found where the already included code imports them.
  for (const { prefix, why } of FIRST_RENDER_CHUNKS) {
    const chunks = new Map();
    for (const [file, { source }] of included) {
      for (const [, specifier] of source.matchAll(dynamicImportOf(prefix))) {
        chunks.set(fileForSpecifier(distDir, file, specifier), path.basename(file));
      }
    }
    includeAll([...chunks].map(([file, from]) => ({ file, reason: `${why} (import() in ${from})` })));

    // Guard against the search silently finding nothing: such chunks on disk of which the included code refers
    // to none means the import() pattern above no longer matches. Other pages may have chunks of the same name
    // (the study pages' own English texts are an `en-` chunk too) that the landing page rightly never loads.
    const assetsDir = path.join(distDir, 'assets');
    const onDisk = existsSync(assetsDir)
      ? readdirSync(assetsDir).filter((name) => name.startsWith(prefix) && name.endsWith('.js'))
      : [];
    if (onDisk.length > 0 && chunks.size === 0)
      throw new Error(`found ${onDisk.join(', ')} but no import() of any of them in the landing page's code`);
  }

  const files = [...included].map(([file, { reason, content }]) => ({
    file: path.relative(distDir, file),
    reason,
    bytes: content.length,
    gzipBytes: gzipSync(content, { level: 9 }).length,
  }));
  return {
    files,
    landingChunkFound: files.some((f) => path.basename(f.file).startsWith('LandingPage-')),
    totalBytes: files.reduce((sum, f) => sum + f.bytes, 0),
    totalGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
  };
}
