import { Box, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { plainList } from '../styles';

/** Lays the lines out in two columns from the md breakpoint up. */
const twoColumnList = { ...plainList, display: 'grid', gridTemplateColumns: { md: '1fr 1fr' }, columnGap: 4 } as const;

/**
 * A list whose bullets are check marks (hidden from screen readers). `gap` and `py` space each line; `iconColor`
 * suits the background.
 */
export function CheckList({
  items,
  gap = 1.5,
  py = 1,
  iconColor = 'primary.main',
  twoColumns = false,
}: {
  items: readonly string[];
  gap?: number;
  py?: number;
  iconColor?: string;
  twoColumns?: boolean;
}) {
  return (
    <Box component="ul" sx={twoColumns ? twoColumnList : plainList}>
      {items.map((line) => (
        <Box component="li" key={line} sx={{ display: 'flex', gap, alignItems: 'flex-start', py }}>
          <CheckCircleIcon aria-hidden sx={{ color: iconColor, mt: '2px' }} />
          <Typography component="span" sx={{ fontSize: '1.05rem' }}>
            {line}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
