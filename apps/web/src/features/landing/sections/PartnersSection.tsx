import { Box, Paper, Typography } from '@mui/material';
import type { LandingContent } from '../content';
import { partnerUrl } from '../images';
import { landingColors, plainList } from '../styles';
import { LandingSection } from './LandingSection';
import { columnSpan, twelveColumns } from '../../../components/ui/styles';

/** Health systems that help their patients learn about the study. */
export function PartnersSection({ content }: { content: LandingContent['partners'] }) {
  return (
    <LandingSection id="partners" heading={content.heading} intro={content.intro}>
      <Box component="ul" sx={{ ...plainList, ...twelveColumns(3) }}>
        {content.items.map((partner) => (
          <Box component="li" key={partner.name} sx={columnSpan({ xs: 12, md: 4 })}>
            <Paper
              elevation={0}
              sx={{
                height: '100%',
                p: 3,
                borderRadius: 4,
                border: `1px solid ${landingColors.border}`,
                display: 'flex',
                flexDirection: { xs: 'column', sm: 'row', md: 'column', lg: 'row' },
                gap: 2,
                alignItems: 'flex-start',
              }}
            >
              <Box
                component="img"
                src={partnerUrl}
                alt=""
                width={64}
                height={64}
                loading="lazy"
                sx={{ flexShrink: 0 }}
              />
              <Box>
                <Typography variant="h3" sx={{ color: landingColors.heading }}>
                  {partner.name}
                </Typography>
                <Typography sx={{ color: 'secondary.main', fontWeight: 600, mb: 1 }}>{partner.region}</Typography>
                <Typography sx={{ fontSize: '1.05rem' }}>{partner.description}</Typography>
              </Box>
            </Paper>
          </Box>
        ))}
      </Box>
    </LandingSection>
  );
}
