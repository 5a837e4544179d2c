import type { Theme } from '@mui/material/styles';
import { HELP_TOGGLE } from '../../../components/ui/styles';

const { inset, height, gap } = HELP_TOGGLE;

/**
 * The chat window: just above the floating toggle on wide screens (380 × 560, less on short screens), the whole
 * screen on phones. Above the header, below dialogs such as the "Are you still there?" prompt.
 */
export const chatWindowPlacement = {
  position: 'fixed',
  zIndex: (theme: Theme) => theme.zIndex.appBar + 1,
  top: { xs: 0, sm: 'auto' },
  left: { xs: 0, sm: 'auto' },
  right: { xs: 0, sm: inset },
  bottom: { xs: 0, sm: inset + height + gap },
  width: { xs: '100%', sm: 380 },
  height: { xs: '100%', sm: 560 },
  maxWidth: { sm: `calc(100vw - ${2 * inset}px)` },
  maxHeight: { sm: `calc(100vh - ${2 * inset + height + gap}px)` },
  borderRadius: { xs: 0, sm: 3 },
  display: 'flex',
  flexDirection: 'column',
  overflow: 'hidden',
} as const;
