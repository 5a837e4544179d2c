import { createTheme } from '@mui/material/styles';
import { HEADER_CLEARANCE_PX } from '../components/ui/styles';

/** Calm, high-contrast colours (all text pairs meet WCAG AA) and a slightly larger type scale for older readers. */
export const theme = createTheme({
  palette: {
    primary: { main: '#0b5d6b', dark: '#07414b', light: '#3c8290', contrastText: '#ffffff' },
    secondary: { main: '#8a3b12', contrastText: '#ffffff' },
    background: { default: '#f7f9fa', paper: '#ffffff' },
    text: { primary: '#1c2529', secondary: '#45525a' },
  },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    fontSize: 15,
    h1: { fontSize: '2.25rem', fontWeight: 700, lineHeight: 1.2 },
    h2: { fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.25 },
    h3: { fontSize: '1.3rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  shape: { borderRadius: 10 },
  components: {
    // The header stays at the top: whatever is scrolled into view (a form's first error) lands below it.
    MuiCssBaseline: { styleOverrides: { html: { scrollPaddingTop: `${HEADER_CLEARANCE_PX}px` } } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiLink: { defaultProps: { underline: 'always' } },
  },
});
