import { forwardRef, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { Button, Fab, GlobalStyles, useMediaQuery } from '@mui/material';
import ChatIcon from '@mui/icons-material/Chat';
import { useTranslation } from '../../../lib/use-translation';
import { focusRing, HELP_TOGGLE } from '../../../components/ui/styles';
import { helpToggleSlot, subscribeHelpToggleSlot } from '../toggle-slot';

interface HelpToggleProps {
  open: boolean;
  windowId: string;
  onClick(): void;
}

/**
 * The button that opens and closes the help window. From `md` up it floats at the window's bottom-right corner,
 * beside the page's column, which keeps room for it; on smaller screens, where that room would squeeze the page, it
 * sits in the header's row, so it never lies over what a person reads or presses.
 */
export const HelpToggle = forwardRef<HTMLButtonElement, HelpToggleProps>(function HelpToggle(
  { open, windowId, onClick },
  ref,
) {
  const { t } = useTranslation();
  // Below MUI's `md` breakpoint, read at once, so the toggle never shows floating before moving to the header.
  const compact = useMediaQuery('(max-width: 899.95px)', { noSsr: true });
  const slot = useSyncExternalStore(subscribeHelpToggleSlot, helpToggleSlot, () => null);
  const common = { ref, color: 'primary', 'aria-expanded': open, 'aria-controls': windowId, onClick } as const;
  const content = (
    <>
      <ChatIcon aria-hidden />
      {t('help.toggle')}
    </>
  );

  if (compact) {
    return (
      slot &&
      createPortal(
        <Button
          {...common}
          sx={{
            flexDirection: 'column',
            minWidth: 56,
            minHeight: 48,
            px: 0.5,
            py: 0.25,
            gap: 0.25,
            fontSize: '0.8rem',
            lineHeight: 1.2,
            // On phones the open window covers the screen, the toggle included: it must not stay focusable unseen.
            display: { xs: open ? 'none' : 'inline-flex', sm: 'inline-flex' },
            ...focusRing,
          }}
        >
          {content}
        </Button>,
        slot,
      )
    );
  }
  return (
    <>
      {/* Whatever is scrolled into view (a focused field) stops above the toggle (WCAG 2.4.11). */}
      <GlobalStyles styles={{ html: { scrollPaddingBottom: 96 } }} />
      <Fab
        {...common}
        variant="extended"
        sx={{
          position: 'fixed',
          right: HELP_TOGGLE.inset,
          bottom: HELP_TOGGLE.inset,
          width: HELP_TOGGLE.width,
          height: HELP_TOGGLE.height,
          zIndex: (theme) => theme.zIndex.speedDial,
          gap: 1,
          fontSize: '1.05rem',
          // The pre-rendered page, drawn before screen width is known, shows it only where it floats.
          display: { xs: 'none', md: 'inline-flex' },
          ...focusRing,
        }}
      >
        {content}
      </Fab>
    </>
  );
});
