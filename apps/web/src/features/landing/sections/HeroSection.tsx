import { Box, Paper, Typography } from '@mui/material';
import type { LandingContent } from '../content';
import { heroUrl } from '../images';
import { landingColors, plainList } from '../styles';
import { CallToActions } from './CallToActions';
import { CheckList } from './CheckList';
import { columnSpan, contentColumn, twelveColumns } from '../../../components/ui/styles';

const HERO_HEADING_ID = 'landing-hero-heading';

/** The study's story in a few sentences, who can join, and the two calls to action. */
export function HeroSection({ content }: { content: LandingContent['hero'] }) {
  return (
    <Box
      component="section"
      aria-labelledby={HERO_HEADING_ID}
      sx={{
        bgcolor: landingColors.heroTop,
        pt: { xs: 4, md: 7 },
        overflow: 'hidden',
      }}
    >
      <Box sx={contentColumn('lg')}>
        <Box sx={twelveColumns({ xs: 3, md: 6 }, 0)}>
          <Box sx={{ ...columnSpan({ xs: 12, md: 7 }), pb: { xs: 3, md: 8 } }}>
            <Typography
              sx={{
                display: 'inline-block',
                color: landingColors.heading,
                bgcolor: '#ffffff',
                border: `1px solid ${landingColors.border}`,
                borderRadius: 999,
                px: 1.75,
                py: 0.5,
                fontWeight: 700,
                fontSize: '0.95rem',
              }}
            >
              {content.eyebrow}
            </Typography>
            <Typography
              variant="h1"
              id={HERO_HEADING_ID}
              sx={{
                color: landingColors.heading,
                fontSize: { xs: '2.1rem', sm: '2.6rem', md: '3.1rem' },
                lineHeight: 1.12,
                letterSpacing: '-0.01em',
                mt: 2,
                mb: 2.5,
              }}
            >
              {content.title}
            </Typography>
            {content.story.map((paragraph) => (
              <Typography key={paragraph} sx={{ fontSize: { xs: '1.08rem', md: '1.18rem' }, mb: 2, maxWidth: '62ch' }}>
                {paragraph}
              </Typography>
            ))}

            <Paper
              variant="outlined"
              sx={{
                mt: 3,
                p: { xs: 2, sm: 2.5 },
                borderRadius: 3,
                borderColor: landingColors.border,
                borderLeft: '6px solid',
                borderLeftColor: 'secondary.main',
                maxWidth: 560,
              }}
            >
              <Typography component="h2" variant="h3" sx={{ fontSize: '1.15rem', mb: 1, color: landingColors.heading }}>
                {content.eligibilityTitle}
              </Typography>
              <CheckList items={content.eligibility} gap={1.25} py={0.5} />
            </Paper>

            <CallToActions tone="light" join={content.join} login={content.login} sx={{ mt: 4 }} />

            <Box
              component="ul"
              sx={{ ...plainList, display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 1, mt: 3 }}
            >
              {content.facts.map((fact) => (
                <Box
                  component="li"
                  key={fact}
                  sx={{ display: 'flex', alignItems: 'center', gap: 1, fontWeight: 600, color: 'text.secondary' }}
                >
                  <Box
                    component="span"
                    aria-hidden
                    sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'secondary.main', flexShrink: 0 }}
                  />
                  {fact}
                </Box>
              ))}
            </Box>
          </Box>
          <Box
            sx={{
              ...columnSpan({ xs: 12, md: 5 }),
              alignSelf: 'center',
              display: 'flex',
              justifyContent: 'center',
              pb: { xs: 5, md: 8 },
            }}
          >
            <Box
              component="img"
              src={heroUrl}
              alt=""
              width={480}
              height={400}
              fetchPriority="high"
              sx={{ display: 'block', width: '100%', maxWidth: { xs: 320, md: 500 }, height: 'auto' }}
            />
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
