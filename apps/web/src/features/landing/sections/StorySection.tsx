import { Box, Paper, Typography } from '@mui/material';
import type { LandingContent } from '../content';
import { landingColors } from '../styles';
import { CheckList } from './CheckList';
import { LandingSection } from './LandingSection';
import { columnSpan, twelveColumns } from '../../../components/ui/styles';

/** Why the study matters: its story, a short quote and the study at a glance. */
export function StorySection({ content }: { content: LandingContent['story'] }) {
  return (
    <LandingSection id="why-this-study" heading={content.heading}>
      <Box sx={twelveColumns({ xs: 4, md: 6 })}>
        <Box sx={columnSpan({ xs: 12, md: 7 })}>
          {content.paragraphs.map((paragraph) => (
            <Typography key={paragraph} sx={{ fontSize: '1.125rem', mb: 2.5, maxWidth: '66ch' }}>
              {paragraph}
            </Typography>
          ))}
          <Box
            component="blockquote"
            sx={{
              m: 0,
              mt: 3,
              pl: 3,
              borderLeft: '5px solid',
              borderLeftColor: 'secondary.main',
            }}
          >
            <Typography sx={{ fontSize: { xs: '1.3rem', md: '1.45rem' }, fontWeight: 600, color: 'secondary.main' }}>
              {content.quote}
            </Typography>
          </Box>
        </Box>
        <Box sx={columnSpan({ xs: 12, md: 5 })}>
          <Paper
            elevation={0}
            sx={{
              bgcolor: landingColors.tint,
              border: `1px solid ${landingColors.border}`,
              borderRadius: 4,
              p: { xs: 3, md: 4 },
            }}
          >
            <Typography variant="h3" sx={{ color: landingColors.heading, mb: 2 }}>
              {content.highlightsTitle}
            </Typography>
            <CheckList items={content.highlights} />
          </Paper>
        </Box>
      </Box>
    </LandingSection>
  );
}
