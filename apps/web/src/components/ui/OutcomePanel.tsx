import { Box } from '@mui/material';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The result that replaces a form. The button just pressed is gone, so keyboard and screen-reader users are
 * taken to the result (read out on focus) instead of being left at the top of the page.
 */
export function OutcomePanel({ focus = true, children }: { focus?: boolean; children: ReactNode }) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) panel.current?.focus();
  }, [focus]);
  return (
    <Box ref={panel} tabIndex={-1} sx={{ outline: 'none' }}>
      {children}
    </Box>
  );
}
