import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { useTranslation } from '../../../lib/use-translation';
import { Link as RouterLink } from 'react-router';

const LINKS = [
  { to: '/education', title: 'nav.education', body: 'dashboard.links.education' },
  { to: '/research', title: 'nav.research', body: 'dashboard.links.research' },
  { to: '/support-programs', title: 'nav.supportPrograms', body: 'dashboard.links.supportPrograms' },
  { to: '/contact-us', title: 'nav.contactUs', body: 'dashboard.links.contactUs' },
] as const;

/** Further reading and help, a tap away from the home page. */
export function StudyLinks() {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="study-links-title" sx={{ mt: 4 }}>
      <Typography component="h2" variant="h5" id="study-links-title" sx={{ mb: 2 }}>
        {t('dashboard.links.heading')}
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' },
        }}
      >
        {LINKS.map((link) => (
          <li key={link.to}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea component={RouterLink} to={link.to} sx={{ height: '100%' }}>
                <CardContent>
                  <Typography component="span" sx={{ display: 'block', fontWeight: 600, fontSize: '1.1rem' }}>
                    {t(link.title)}
                  </Typography>
                  <Typography component="span" sx={{ display: 'block', mt: 0.5, color: 'text.secondary' }}>
                    {t(link.body)}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </li>
        ))}
      </Box>
    </Box>
  );
}
