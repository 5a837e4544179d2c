import { Box, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';

/** A System Options panel: a section named by its h2 title (under the page's h1), then its content. */
export function AdminPanel({ title, children }: { title: string; children?: ReactNode }) {
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ flex: 1, minWidth: 0 }}>
      <Typography id={titleId} variant="h2" sx={{ fontSize: '1.5rem', mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
