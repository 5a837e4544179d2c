import type { Plugin } from 'vite';

const VIRTUAL_ID = '\0material-theme-without-css-variables';

/**
 * MUI's `createTheme` builds a theme with CSS variables only when asked (`cssVariables: true`), which the portal's
 * theme never is, yet it imports that builder, and its CSS-variables machinery, into the first screen's code
 * (about 3 KB compressed). This plugin gives `createTheme` a builder that says so instead, for that import only:
 * anything else that imports the builder still gets the real one.
 */
export function materialThemeWithoutCssVariables(): Plugin {
  return {
    name: 'portal-material-theme-without-css-variables',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromCreateTheme = importer?.replaceAll('\\', '/').endsWith('/@mui/material/esm/styles/createTheme.js');
      return fromCreateTheme && source === './createThemeWithVars.js' ? VIRTUAL_ID : undefined;
    },
    load(id) {
      if (id !== VIRTUAL_ID) return undefined;
      return `export default function createThemeWithVars() {
  throw new Error('The portal builds its MUI theme without CSS variables: cssVariables must stay false.');
}`;
    },
  };
}
