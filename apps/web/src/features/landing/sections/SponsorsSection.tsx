import { Box, Paper, Typography } from '@mui/material';
import type { LandingContent } from '../content';
import { sponsorLogos } from '../images';
import { landingColors, plainList } from '../styles';
import { LandingSection } from './LandingSection';
import { columnSpan, twelveColumns } from '../../../components/ui/styles';

type TierStyle = { accent: string; columns: { xs: number; sm: number; md: number }; logoHeight: number };

/** Higher tiers get larger tiles; the accent colours are decorative only. */
const tierStyles: Record<string, TierStyle> = {
  platinum: { accent: '#7d8b95', columns: { xs: 12, sm: 6, md: 6 }, logoHeight: 104 },
  gold: { accent: '#c9a227', columns: { xs: 12, sm: 6, md: 4 }, logoHeight: 88 },
  silver: { accent: '#b4bcc2', columns: { xs: 12, sm: 4, md: 4 }, logoHeight: 72 },
};

const fallbackTier: TierStyle = { accent: landingColors.border, columns: { xs: 12, sm: 6, md: 4 }, logoHeight: 72 };

/** Sponsors grouped by tier: platinum, gold, silver. */
export function SponsorsSection({ content }: { content: LandingContent['sponsors'] }) {
  return (
    <LandingSection id="sponsors" heading={content.heading} intro={content.intro} tone="plain">
      {content.tiers.map((tier, index) => {
        const style = tierStyles[tier.id] ?? fallbackTier;
        return (
          <Box key={tier.id} sx={{ mt: index > 0 ? 5 : 0 }}>
            <Typography
              variant="h3"
              sx={{ display: 'flex', alignItems: 'center', gap: 1.25, color: landingColors.heading, mb: 2 }}
            >
              <Box
                component="span"
                aria-hidden
                sx={{
                  width: 18,
                  height: 18,
                  borderRadius: '50%',
                  bgcolor: style.accent,
                  boxShadow: `0 0 0 3px #ffffff, 0 0 0 4px ${style.accent}`,
                  flexShrink: 0,
                }}
              />
              {tier.title}
            </Typography>
            <Box component="ul" sx={{ ...plainList, ...twelveColumns(2) }}>
              {tier.sponsors.map((sponsor) => (
                <Box component="li" key={sponsor.id} sx={columnSpan(style.columns)}>
                  <Paper
                    elevation={0}
                    sx={{
                      height: '100%',
                      display: 'flex',
                      alignItems: 'center',
                      justifyContent: 'center',
                      p: { xs: 1.5, sm: 2.5 },
                      position: 'relative',
                      overflow: 'hidden',
                      borderRadius: 3,
                      border: `1px solid ${landingColors.border}`,
                      '&::before': {
                        content: '""',
                        position: 'absolute',
                        inset: '0 0 auto 0',
                        height: 5,
                        bgcolor: style.accent,
                      },
                    }}
                  >
                    <Box
                      component="img"
                      src={sponsorLogos[sponsor.id]}
                      alt={sponsor.name}
                      width={240}
                      height={96}
                      loading="lazy"
                      sx={{ display: 'block', width: '100%', maxWidth: style.logoHeight * 2.5, height: 'auto' }}
                    />
                  </Paper>
                </Box>
              ))}
            </Box>
          </Box>
        );
      })}
    </LandingSection>
  );
}
