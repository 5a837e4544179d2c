import type { ReactNode } from 'react';
import { Alert, Box, Card, CardContent, Grid, Link, Typography } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useTranslation } from '../../lib/use-translation';
import { toLanguage } from '@portal/shared/i18n/language';
import type { TContactSettings } from '@portal/shared/client-config';
import { PageHeading } from '../../components/ui/PageHeading';
import { LoadFailedAlert } from '../../components/ui/LoadFailedAlert';
import { PageLoading } from '../../components/ui/PageLoading';
import { focusRing, READING } from '../../components/ui/styles';
import { useClientConfig } from '../../lib/client-config';

/** Standalone links get at least a 24 px tall target (WCAG 2.5.8). */
const linkTarget = { display: 'inline-block', py: 0.5, ...focusRing } as const;

/** The study team's phone, e-mail and help desk, all from settings. */
export default function ContactUsPage() {
  const { t } = useTranslation();
  const config = useClientConfig();
  const contact = config.data?.contact;

  return (
    <PageHeading title={t('pages.contactUs')}>
      {contact ? (
        <ContactDetails contact={contact} />
      ) : config.isError ? (
        <LoadFailedAlert message={t('contact.loadFailed')} onRetry={() => void config.refetch()} />
      ) : (
        <PageLoading />
      )}
    </PageHeading>
  );
}

function ContactDetails({ contact }: { contact: TContactSettings }) {
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.language);

  return (
    <>
      <Typography sx={{ ...READING, fontSize: '1.2rem', maxWidth: '70ch', mb: 3 }}>{t('contact.intro')}</Typography>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 4 }}>
          <ContactCard id="contact-call" heading={t('contact.callHeading')}>
            <Box component="dl" sx={{ m: 0 }}>
              <Term>{t('contact.phone')}</Term>
              <Detail>
                <Link href={`tel:${contact.phone}`} sx={linkTarget}>
                  {contact.phone}
                </Link>{' '}
                {t('contact.extension', { extension: contact.extension })}
              </Detail>
              <Term>{t('contact.phoneHours')}</Term>
              <Detail>{contact.hours[language]}</Detail>
            </Box>
          </ContactCard>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <ContactCard id="contact-email" heading={t('contact.emailHeading')}>
            <Box component="dl" sx={{ m: 0 }}>
              <Term>{t('contact.email')}</Term>
              <Detail>
                <Link href={`mailto:${contact.email}`} sx={{ ...linkTarget, overflowWrap: 'anywhere' }}>
                  {contact.email}
                </Link>
              </Detail>
              <Term>{t('contact.emailHours')}</Term>
              <Detail>{contact.hoursAlternate[language]}</Detail>
            </Box>
          </ContactCard>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <ContactCard id="contact-help-desk" heading={t('contact.helpDeskHeading')}>
            <Typography sx={{ ...READING, mb: 1.5 }}>{t('contact.helpDeskBody')}</Typography>
            {/* The help desk is an English-only outside site; the Spanish link text says so. */}
            <Link
              href={contact.helpDeskUrl}
              target="_blank"
              rel="noopener noreferrer"
              hrefLang="en"
              sx={{ ...READING, ...linkTarget, fontWeight: 600 }}
            >
              {t('contact.helpDeskLink')}{' '}
              <Box component="span" sx={{ fontWeight: 400 }}>
                {t('contact.newTab')}
              </Box>
              <OpenInNewIcon aria-hidden fontSize="small" sx={{ ml: 0.5, verticalAlign: 'text-bottom' }} />
            </Link>
          </ContactCard>
        </Grid>
      </Grid>
      <Alert severity="info" role="note" sx={{ mt: 4, maxWidth: '70ch', ...READING, fontSize: '1.05rem' }}>
        {t('contact.medicalNote')}
      </Alert>
    </>
  );
}

function ContactCard({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id} variant="outlined" sx={{ height: '100%' }}>
      <CardContent sx={{ p: 3 }}>
        <Typography variant="h2" id={id} sx={{ fontSize: '1.4rem', mb: 2 }}>
          {heading}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Term({ children }: { children: ReactNode }) {
  return (
    <Typography component="dt" sx={{ ...READING, fontWeight: 700 }}>
      {children}
    </Typography>
  );
}

function Detail({ children }: { children: ReactNode }) {
  return (
    <Typography component="dd" sx={{ ...READING, m: 0, mb: 2 }}>
      {children}
    </Typography>
  );
}
