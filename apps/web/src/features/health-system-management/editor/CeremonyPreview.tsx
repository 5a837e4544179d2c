import { Suspense, use, useMemo, useState } from 'react';
import { Alert, Box, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { loadWholeLanguage } from '../../../lib/i18n';
import { TranslatorProvider, useTranslation } from '../../../lib/use-translation';
import type { TConsentInputField } from '@portal/shared/consent/ceremony';
import { LANGUAGES, type Language } from '@portal/shared/constants';
import { ConsentDocument } from '../../../components/consent/ConsentDocument';
import { PageLoading } from '../../../components/ui/PageLoading';
import { htmlLang } from '../../../lib/language';
import { LANGUAGE_NAME_KEYS } from '../consent/consent-drafts';

interface CeremonyPreviewProps {
  bytes: Uint8Array;
  fields: readonly TConsentInputField[];
  /** The form's language, the preview's first. */
  language: Language;
}

/** The ceremony's own words, in the language the preview shows. */
function CeremonyWords({ bytes, fields, language }: CeremonyPreviewProps) {
  use(loadWholeLanguage(language)); // the portal may not have needed that language's texts yet
  const { t } = useTranslation();
  // What a participant types here stays here: nothing is saved and nothing can be signed.
  const [values, setValues] = useState<Record<string, string | boolean>>({});
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h3">
        {t('consent.sign.title')}
      </Typography>
      <Typography>{t('consent.sign.intro')}</Typography>
      <ConsentDocument
        bytes={bytes}
        fields={fields}
        values={values}
        signature={null}
        errors={{}}
        zoom={1}
        onValue={(fieldId, value) => setValues((current) => ({ ...current, [fieldId]: value }))}
      />
    </Stack>
  );
}

/**
 * The form as a participant sees it in the signing ceremony, the ceremony's words in English or Spanish; the boxes
 * can be tried out, but nothing is kept and there is no signing here.
 */
export function CeremonyPreview({ bytes, fields, language }: CeremonyPreviewProps) {
  const { t, i18n } = useTranslation();
  const [shown, setShown] = useState<Language>(language);
  // The portal's texts in the shown language: the rest of the portal keeps its own.
  const shownTexts = useMemo(() => i18n.inLanguage(shown), [i18n, shown]);
  return (
    <Stack spacing={2} sx={{ maxWidth: 960, mx: 'auto' }}>
      <Alert severity="info">{t('healthSystems.editor.previewNote')}</Alert>
      <ToggleButtonGroup
        exclusive
        value={shown}
        onChange={(_, next: Language | null) => next && setShown(next)}
        aria-label={t('healthSystems.editor.previewLanguage')}
        size="small"
      >
        {LANGUAGES.map((code) => (
          <ToggleButton key={code} value={code}>
            {t(LANGUAGE_NAME_KEYS[code])}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Box lang={htmlLang(shown)}>
        <TranslatorProvider translator={shownTexts}>
          <Suspense fallback={<PageLoading />}>
            <CeremonyWords key={shown} bytes={bytes} fields={fields} language={shown} />
          </Suspense>
        </TranslatorProvider>
      </Box>
    </Stack>
  );
}
