import { Box, Paper, Typography } from '@mui/material';
import type { LandingContent } from '../content';
import { privacyUrl, stepIcons } from '../images';
import { landingColors, plainList } from '../styles';
import { CheckList } from './CheckList';
import { LandingSection } from './LandingSection';
import { columnSpan, twelveColumns } from '../../../components/ui/styles';

/** What participants do, step by step, and how their privacy is protected. */
export function StepsSection({ content }: { content: LandingContent['steps'] }) {
  return (
    <LandingSection id="how-it-works" heading={content.heading} intro={content.intro} tone="tint">
      <Box component="ol" sx={{ ...plainList, ...twelveColumns(3) }}>
        {content.items.map((step, index) => (
          <Box component="li" key={step.title} sx={columnSpan({ xs: 12, sm: 6, md: 3 })}>
            <Paper
              elevation={0}
              sx={{ height: '100%', p: 3, borderRadius: 4, border: `1px solid ${landingColors.border}` }}
            >
              <Box
                component="img"
                src={stepIcons[index]}
                alt=""
                width={72}
                height={72}
                loading="lazy"
                sx={{ display: 'block', mb: 2 }}
              />
              <Typography
                sx={{ color: 'secondary.main', fontWeight: 700, fontSize: '0.95rem', letterSpacing: '0.04em' }}
              >
                {step.label}
              </Typography>
              <Typography variant="h3" sx={{ color: landingColors.heading, mt: 0.5, mb: 1 }}>
                {step.title}
              </Typography>
              <Typography sx={{ fontSize: '1.05rem' }}>{step.body}</Typography>
            </Paper>
          </Box>
        ))}
      </Box>

      <Paper
        elevation={0}
        sx={{
          mt: { xs: 4, md: 6 },
          p: { xs: 3, md: 5 },
          borderRadius: 4,
          bgcolor: 'primary.main',
          color: '#ffffff',
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          gap: { xs: 2, sm: 4 },
          alignItems: { sm: 'flex-start' },
        }}
      >
        <Box component="img" src={privacyUrl} alt="" width={88} height={88} loading="lazy" sx={{ flexShrink: 0 }} />
        <Box>
          <Typography variant="h3" sx={{ mb: 1 }}>
            {content.privacyTitle}
          </Typography>
          <Typography sx={{ fontSize: '1.1rem', mb: 2 }}>{content.privacyBody}</Typography>
          <CheckList items={content.privacyPoints} py={0.75} iconColor="#ffffff" twoColumns />
        </Box>
      </Paper>
    </LandingSection>
  );
}
