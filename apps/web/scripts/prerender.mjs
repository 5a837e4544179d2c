// Pre-renders the public pages a visitor opens first into dist/prerendered/<language>/<page>.html, once per
// language, from dist/index.html: the page's HTML and its styles are there before any JavaScript runs, and
// the app then takes that HTML over (hydrates it). The server sends such a file for its path in the language
// of the preferredLanguage cookie. Run after `vite build`.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { pageFiles } from '../module-preload-links.ts';
import { APP_FILES_ID } from '../src/start/app-files.ts';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(webDir, 'dist');
/** URL path → file name under dist/prerendered/<language>/, and the module of the page's code. */
const PAGES = [
  ['/', 'index.html', 'src/features/landing/LandingPage.tsx'],
  ['/landing', 'landing.html', 'src/features/landing/LandingPage.tsx'],
  ['/login-patient', 'login-patient.html', 'src/features/auth/LoginPage.tsx'],
  ['/register-patient', 'register-patient.html', 'src/features/registration/RegisterPatientPage.tsx'],
];
const MANIFEST = path.join(distDir, '.vite', 'manifest.json');
const LANGUAGES = [
  ['en', 'en'],
  ['sp', 'es'],
]; // the app's language code, the page's lang
const ROOT_ELEMENT = '<div id="root"></div>';
/**
 * Until the app has taken the page over, it is read, scrolled and read aloud but takes no tap: a button pressed
 * before then would do nothing. main.tsx keeps its forms from being sent meanwhile, and notes what is typed in
 * them, which the app puts back once it has taken over.
 */
const UNTIL_TAKEN_OVER = 'aria-busy="true" style="pointer-events:none"';

/** A first visit stores nothing: the pages render as they do for a browser with empty storage. */
function emptyStorage() {
  const items = new Map();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => items.set(key, String(value)),
    removeItem: (key) => items.delete(key),
    clear: () => items.clear(),
  };
}

/**
 * `<link rel="modulepreload">` for the files of a page's own code (`pageModule` and what it imports) that `template`
 * does not already list, added to the app's files in the inert template: the app moves them into the document
 * after the first paint with its own, and its loader, finding them announced, adds no links while it takes the
 * page over.
 */
const pageCodeLinks = (manifest, pageModule, template) =>
  pageFiles(manifest, pageModule)
    .filter((file) => !template.includes(`"/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');

const APP_FILES_END = new RegExp(`(<template id="${APP_FILES_ID}">[\\s\\S]*?)(</template>)`);

async function buildRenderer(outDir) {
  await build({
    root: webDir,
    configFile: path.join(webDir, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: 'src/prerender/render-page.tsx', outDir, emptyOutDir: true, copyPublicDir: false },
  });
  return import(pathToFileURL(path.join(outDir, 'render-page.js')).href);
}

// React and MUI as the browser's build runs them: production code, the same generated class names.
process.env.NODE_ENV = 'production';

const template = readFileSync(path.join(distDir, 'index.html'), 'utf8');
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
if (!template.includes(ROOT_ELEMENT)) throw new Error(`dist/index.html has no ${ROOT_ELEMENT}`);
if (!APP_FILES_END.test(template)) throw new Error(`dist/index.html has no <template id="${APP_FILES_ID}">`);

// Inside the workspace, so that the renderer's imports of npm packages resolve as the app's do.
const outDir = path.join(webDir, 'node_modules', '.prerender');
try {
  const { renderPage } = await buildRenderer(outDir);
  globalThis.localStorage = emptyStorage();
  globalThis.sessionStorage = emptyStorage();
  for (const [language, lang] of LANGUAGES) {
    const dir = path.join(distDir, 'prerendered', language);
    mkdirSync(dir, { recursive: true });
    for (const [urlPath, file, pageModule] of PAGES) {
      const { styles, body } = await renderPage(urlPath, language);
      const page = template
        .replace(/<html lang="[^"]*">/, `<html lang="${lang}">`)
        .replace(APP_FILES_END, (_, links, end) => `${links}${pageCodeLinks(manifest, pageModule, template)}${end}`)
        .replace('</head>', () => `${styles}</head>`)
        .replace(ROOT_ELEMENT, () => `<div id="root" data-prerendered="${lang}" ${UNTIL_TAKEN_OVER}>${body}</div>`);
      writeFileSync(path.join(dir, file), page);
    }
  }
  process.stdout.write(
    `pre-rendered ${PAGES.length * LANGUAGES.length} pages into dist/prerendered (${LANGUAGES.map(([l]) => l).join(', ')})\n`,
  );
} finally {
  rmSync(outDir, { recursive: true, force: true });
  rmSync(path.dirname(MANIFEST), { recursive: true, force: true });
}
