import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { appFiles, pageFiles } from './module-preload-links';

const chunk = (fileName: string, imports: string[] = [], dynamicImports: string[] = []) =>
  ({ type: 'chunk', fileName, imports, dynamicImports }) as unknown as Rollup.OutputChunk;

describe('appFiles', () => {
  it('lists the entry’s dynamic imports and all they import statically, once each, nearest first', () => {
    const entry = chunk('assets/index.js', ['assets/preload-helper.js'], ['assets/stage.js', 'assets/app.js']);
    const bundle = {
      'assets/index.js': entry,
      'assets/preload-helper.js': chunk('assets/preload-helper.js'),
      'assets/stage.js': chunk('assets/stage.js', ['assets/react.js']),
      'assets/app.js': chunk('assets/app.js', ['assets/react.js', 'assets/ui.js'], ['assets/page.js']),
      'assets/react.js': chunk('assets/react.js'),
      'assets/ui.js': chunk('assets/ui.js', ['assets/react.js', 'assets/index.js']),
      'assets/page.js': chunk('assets/page.js'),
    } as unknown as Rollup.OutputBundle;

    expect(appFiles(bundle, entry)).toEqual(['assets/stage.js', 'assets/app.js', 'assets/react.js', 'assets/ui.js']);
  });
});

describe('pageFiles', () => {
  const manifest = {
    'src/features/auth/LoginPage.tsx': { file: 'assets/LoginPage-1.js', imports: ['_Paper-2.js', '_react-3.js'] },
    '_Paper-2.js': { file: 'assets/Paper-2.js', imports: ['_react-3.js'] },
    '_react-3.js': { file: 'assets/react-3.js' },
  };

  it('lists the page’s chunk and what it imports, once each', () => {
    expect(pageFiles(manifest, 'src/features/auth/LoginPage.tsx')).toEqual([
      'assets/LoginPage-1.js',
      'assets/Paper-2.js',
      'assets/react-3.js',
    ]);
  });

  it('fails the build for a page the build does not have', () => {
    expect(() => pageFiles(manifest, 'src/features/auth/Missing.tsx')).toThrow(
      'the build has no chunk for src/features/auth/Missing.tsx',
    );
  });
});
