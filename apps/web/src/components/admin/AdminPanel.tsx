import { Box, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';

/**
 * A staff page's panel (a System Options tab, a part of Your security): a section named by its h2 title (under the
 * page's h1), then its content. `titleId` is the title's id when a table in it is named by the same heading.
 */
export function AdminPanel({ title, titleId, children }: { title: string; titleId?: string; children?: ReactNode }) {
  const ownId = useId();
  const id = titleId ?? ownId;
  return (
    <Box component="section" aria-labelledby={id} sx={{ flex: 1, minWidth: 0 }}>
      <Typography id={id} variant="h2" sx={{ fontSize: '1.5rem', mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
