import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { landingColors } from '../styles';
import { columnSpan, contentColumn, twelveColumns } from '../../../components/ui/styles';

type Tone = 'white' | 'plain' | 'tint';

const backgrounds: Record<Tone, string> = {
  white: '#ffffff',
  plain: 'background.default',
  tint: landingColors.tint,
};

/**
 * One landing section: a <section> named by its h2, with an optional introduction. With `split`, the heading and
 * introduction sit in a narrow column beside the content on wide screens.
 */
export function LandingSection({
  id,
  heading,
  intro,
  tone = 'white',
  split = false,
  children,
}: {
  id: string;
  heading: string;
  intro?: string;
  tone?: Tone;
  split?: boolean;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  const header = (
    <>
      <Typography variant="h2" id={headingId} sx={{ color: landingColors.heading, mb: intro ? 1.5 : 4 }}>
        {heading}
      </Typography>
      {intro && (
        <Typography sx={{ fontSize: '1.125rem', color: 'text.secondary', maxWidth: '68ch', mb: 4 }}>{intro}</Typography>
      )}
    </>
  );
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={headingId}
      sx={{ bgcolor: backgrounds[tone], py: { xs: 6, md: 9 } }}
    >
      <Box sx={contentColumn('lg')}>
        {split ? (
          <Box sx={twelveColumns(6, 0)}>
            <Box sx={columnSpan({ xs: 12, md: 4 })}>{header}</Box>
            <Box sx={columnSpan({ xs: 12, md: 8 })}>{children}</Box>
          </Box>
        ) : (
          <>
            {header}
            {children}
          </>
        )}
      </Box>
    </Box>
  );
}
