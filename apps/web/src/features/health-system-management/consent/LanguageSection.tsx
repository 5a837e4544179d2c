import { Box, FormControlLabel, Paper, Switch, Typography } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';

/** A language's consent form: a region headed by the language's name. */
export function LanguageSection({ languageName, children }: { languageName: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: 2, mb: 2 }}>
      <Typography id={headingId} variant="h6" component="h3" sx={{ mb: 1 }}>
        {languageName}
      </Typography>
      {children}
    </Paper>
  );
}

/** The 'Use Default Consent Form' switch of a language. */
export function UseDefaultSwitch({ checked, onChange }: { checked: boolean; onChange(checked: boolean): void }) {
  const { t } = useTranslation();
  return (
    <FormControlLabel
      sx={{ minHeight: 44 }}
      label={t('healthSystems.consentStep.useDefault')}
      control={<Switch checked={checked} onChange={(_event, on) => onChange(on)} />}
    />
  );
}

/** The notice of a language on the study's default form. */
export function DefaultFormNotice() {
  const { t } = useTranslation();
  return (
    <Box sx={{ my: 1 }}>
      <Typography>{t('healthSystems.consentStep.defaultNotice')}</Typography>
    </Box>
  );
}
