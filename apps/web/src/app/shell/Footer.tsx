import { Box, Link, Typography } from '@mui/material';
import { useTranslation } from '../../lib/use-translation';
import type { Language } from '@portal/shared/constants';
import { useClientConfig } from '../../lib/client-config';
import { columnSpan, contentColumn, twelveColumns } from '../../components/ui/styles';

/** Contact block, copyright lines and the help-desk link (English only). Hidden on /survey by the layout. */
export function Footer() {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { data: config } = useClientConfig();
  const contact = config?.contact;
  const year = new Date().getFullYear();

  return (
    // Its column keeps every line beside the floating help toggle, never under it, however far scrolled.
    <Box component="footer" sx={{ bgcolor: 'primary.dark', color: '#fff', mt: 'auto', py: 4 }}>
      <Box sx={contentColumn('lg')}>
        <Box sx={twelveColumns(3)}>
          <Box sx={columnSpan({ xs: 12, md: 6 })}>
            <Typography component="h2" variant="h3" sx={{ mb: 1, fontSize: '1.15rem' }}>
              {t('footer.contactHeading')}
            </Typography>
            {contact && (
              <Box component="address" sx={{ fontStyle: 'normal', lineHeight: 1.8 }}>
                <div>
                  {t('footer.phone')}:{' '}
                  <Link href={`tel:${contact.phone}`} color="inherit">
                    {contact.phone}
                  </Link>{' '}
                  {t('footer.extension', { extension: contact.extension })}
                </div>
                <div>{contact.hours[language]}</div>
                <div>
                  {t('footer.email')}:{' '}
                  <Link href={`mailto:${contact.email}`} color="inherit">
                    {contact.email}
                  </Link>
                </div>
              </Box>
            )}
          </Box>
          <Box sx={{ ...columnSpan({ xs: 12, md: 6 }), textAlign: { md: 'right' } }}>
            {contact && (
              <Link href={contact.helpDeskUrl} color="inherit" target="_blank" rel="noopener noreferrer">
                {t('footer.helpDesk')}
              </Link>
            )}
            <Typography sx={{ mt: 2 }}>{t('footer.copyright', { year })}</Typography>
            <Typography variant="body2">{t('footer.copyrightFunding')}</Typography>
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
