import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A part of Your security: a section named by its h2 (whose id its table may be named by too), then its content. */
export function SecuritySection({ titleId, title, children }: { titleId: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="h2" sx={{ fontSize: '1.5rem', mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
