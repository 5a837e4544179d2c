import type { Theme } from '@mui/material/styles';

/** The toggle's distance from the screen's bottom-right corner. */
export const TOGGLE_INSET = { xs: 16, sm: 24 } as const;
const TOGGLE_HEIGHT = 48;
/** From `sm` up the toggle's width is fixed (room for the longer label, "Ayuda"), so the footer can keep it clear. */
export const TOGGLE_WIDTH = '8.5rem';
const GAP = 12;

/** What the footer keeps clear on its right from `sm` up: the toggle, its inset and a gap. */
export const TOGGLE_CLEARANCE = `calc(${TOGGLE_WIDTH} + ${TOGGLE_INSET.sm + GAP}px)`;

/**
 * The chat window: just above the toggle on wide screens (380 × 560, less on short screens), the whole screen on
 * phones. Above the header, below dialogs such as the "Are you still there?" prompt.
 */
export const chatWindowPlacement = {
  position: 'fixed',
  zIndex: (theme: Theme) => theme.zIndex.appBar + 1,
  top: { xs: 0, sm: 'auto' },
  left: { xs: 0, sm: 'auto' },
  right: { xs: 0, sm: TOGGLE_INSET.sm },
  bottom: { xs: 0, sm: TOGGLE_INSET.sm + TOGGLE_HEIGHT + GAP },
  width: { xs: '100%', sm: 380 },
  height: { xs: '100%', sm: 560 },
  maxWidth: { sm: `calc(100vw - ${2 * TOGGLE_INSET.sm}px)` },
  maxHeight: { sm: `calc(100vh - ${2 * TOGGLE_INSET.sm + TOGGLE_HEIGHT + GAP}px)` },
  borderRadius: { xs: 0, sm: 3 },
  display: 'flex',
  flexDirection: 'column',
  overflow: 'hidden',
} as const;
