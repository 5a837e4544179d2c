import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export interface Detail {
  label: string;
  value: ReactNode;
}

/** Values read-only: a definition list of each label and its value, side by side from small screens up. */
export function DetailsList({ details }: { details: Detail[] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
        columnGap: 3,
        rowGap: 1,
        m: 0,
      }}
    >
      {details.map(({ label, value }) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere', mb: { xs: 1, sm: 0 } }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
