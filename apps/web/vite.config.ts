import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { catalogParts } from './catalog-parts.ts';
import { materialThemeWithoutCssVariables } from './material-theme-without-css-variables.ts';
import { modulePreloadLinks } from './module-preload-links.ts';

export default defineConfig({
  plugins: [react(), catalogParts(), materialThemeWithoutCssVariables(), modulePreloadLinks()],
  server: {
    proxy: { '/common-server': 'http://127.0.0.1:8080' },
  },
  build: {
    target: 'es2022',
    // Read by the pre-render (the files each pre-rendered page needs) and removed by it: never served.
    manifest: true,
    sourcemap: false,
    // The SurveyJS form engine (survey-core) is about 1.3 MB minified, 290 kB compressed, in one module that
    // cannot be split; it loads only when a questionnaire opens. Every other chunk stays well under 800 kB.
    chunkSizeWarningLimit: 1_700,
  },
});
