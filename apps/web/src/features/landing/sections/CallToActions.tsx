import { Box, Button } from '@mui/material';
import type { SxProps, Theme } from '@mui/material';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { Link as RouterLink } from 'react-router';
import { focusRing, focusRingOnDark } from '../styles';

const buttonBase = { minHeight: 52, px: 4, fontSize: '1.1rem' } as const;

/** Button colours for a light background and for the dark teal band (white on #0b5d6b is 7.3:1). */
const tones = {
  light: {
    join: {},
    login: { bgcolor: '#ffffff', borderWidth: 2, borderColor: 'primary.main' },
    focus: focusRing,
  },
  dark: {
    join: { bgcolor: '#ffffff', color: 'primary.dark', '&:hover': { bgcolor: '#e3eff1' } },
    login: {
      color: '#ffffff',
      borderColor: '#ffffff',
      borderWidth: 2,
      '&:hover': { borderColor: '#ffffff', bgcolor: 'rgba(255,255,255,0.12)', borderWidth: 2 },
    },
    focus: focusRingOnDark,
  },
} as const;

/** The two calls to action: join the study (registration) and log in. `sx` places the row. */
export function CallToActions({
  join,
  login,
  tone,
  sx,
}: {
  join: string;
  login: string;
  tone: 'light' | 'dark';
  sx?: SxProps<Theme>;
}) {
  const colours = tones[tone];
  return (
    <Box
      sx={[{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <Button
        component={RouterLink}
        to="/register-patient"
        variant="contained"
        size="large"
        endIcon={<ArrowForwardIcon aria-hidden />}
        sx={{ ...buttonBase, ...colours.join, ...colours.focus }}
      >
        {join}
      </Button>
      <Button
        component={RouterLink}
        to="/login-patient"
        variant="outlined"
        size="large"
        sx={{ ...buttonBase, ...colours.login, ...colours.focus }}
      >
        {login}
      </Button>
    </Box>
  );
}
