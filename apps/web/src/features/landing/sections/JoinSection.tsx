import { Box, Typography } from '@mui/material';
import type { LandingContent } from '../content';
import { CallToActions } from './CallToActions';
import { contentColumn } from '../../../components/ui/styles';

/** Closing call to action on the dark teal band (white on #0b5d6b is 7.3:1). */
export function JoinSection({ content }: { content: LandingContent['cta'] }) {
  return (
    <Box
      component="section"
      aria-labelledby="join-heading"
      sx={{ bgcolor: 'primary.main', color: '#ffffff', py: { xs: 6, md: 8 } }}
    >
      <Box sx={{ ...contentColumn('md'), textAlign: { sm: 'center' } }}>
        <Typography variant="h2" id="join-heading" sx={{ mb: 1.5 }}>
          {content.heading}
        </Typography>
        <Typography sx={{ fontSize: '1.15rem', mb: 4, maxWidth: '60ch', mx: { sm: 'auto' } }}>
          {content.body}
        </Typography>
        <CallToActions tone="dark" join={content.join} login={content.login} sx={{ justifyContent: 'center' }} />
      </Box>
    </Box>
  );
}
