import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';
import { APP_FILES_ID } from './src/start/app-files.ts';

/**
 * The entry (`main.tsx`) imports the app only after the page's first paint. Without help, Vite's loader would then
 * announce each of the app's files by adding a `<link rel="modulepreload">` to the document: dozens of DOM
 * insertions in one task, on the phone's busiest moment. Written into the page as they are, the links would
 * download the app beside the page's first paint and delay it on a slow network. This plugin writes them into
 * `index.html` (and so into every pre-rendered page) inside an inert `<template id="app-files">`: nothing downloads
 * until the app, once the page has painted, moves them into the document a few per task (`announceAppFiles`), and
 * the loader, finding each one announced, adds nothing.
 */
export function modulePreloadLinks(): Plugin {
  return {
    name: 'portal-module-preload-links',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk }) {
        if (!bundle || !chunk) return undefined;
        const links = appFiles(bundle, chunk).map((file): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}` },
        }));
        return [{ tag: 'template', attrs: { id: APP_FILES_ID }, children: links, injectTo: 'head' }];
      },
    },
  };
}

/** The files of the entry's dynamic imports with everything they import statically, nearest first. */
export function appFiles(bundle: Rollup.OutputBundle, entry: Rollup.OutputChunk): string[] {
  const files: string[] = [];
  const queue = [...entry.dynamicImports];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (files.includes(file) || file === entry.fileName) continue;
    files.push(file);
    const output = bundle[file];
    if (output?.type === 'chunk') queue.push(...output.imports);
  }
  return files;
}

/** What Vite's build manifest says of one source module's chunk. */
interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The files of `module`'s chunk with everything it imports statically, nearest first, from Vite's build manifest
 * (keyed by source module); for a pre-rendered page, its own code.
 */
export function pageFiles(manifest: Record<string, ManifestChunk>, module: string): string[] {
  if (!manifest[module]) throw new Error(`the build has no chunk for ${module}`);
  const files: string[] = [];
  const seen = new Set<string>();
  const queue = [module];
  while (queue.length > 0) {
    const key = queue.shift() as string;
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) continue;
    seen.add(key);
    files.push(chunk.file);
    queue.push(...(chunk.imports ?? []));
  }
  return files;
}
