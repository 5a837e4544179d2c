import { describe, expect, it } from 'vitest';
import { materialThemeWithoutCssVariables } from '../../material-theme-without-css-variables.ts';
import { theme } from './theme';

const CREATE_THEME = '/app/node_modules/@mui/material/esm/styles/createTheme.js';

describe('the portal theme', () => {
  it('is built without CSS variables, with the study colours', () => {
    expect(theme.palette.primary.main).toBe('#0b5d6b');
    expect(theme.palette.text.primary).toBe('#1c2529');
    expect('vars' in theme && theme.vars).toBeFalsy();
  });

  it('leaves the CSS-variables builder out of the build, for createTheme only, and says so if ever asked', async () => {
    const plugin = materialThemeWithoutCssVariables();
    const resolveId = plugin.resolveId as (source: string, importer?: string) => string | undefined;
    const load = plugin.load as (id: string) => string | undefined;
    const id = resolveId('./createThemeWithVars.js', CREATE_THEME);
    expect(id).toBeDefined();
    expect(
      resolveId('./createThemeWithVars.js', '/app/node_modules/@mui/material/esm/styles/index.js'),
    ).toBeUndefined();
    expect(resolveId('./createPalette.js', CREATE_THEME)).toBeUndefined();
    expect(load('/app/src/app/theme.ts')).toBeUndefined();
    const code = load(id!)!;
    const module = (await import(/* @vite-ignore */ `data:text/javascript,${encodeURIComponent(code)}`)) as {
      default: () => unknown;
    };
    expect(() => module.default()).toThrow(
      'The portal builds its MUI theme without CSS variables: cssVariables must stay false.',
    );
  });
});
