import { Box, Typography } from '@mui/material';
import { LANGUAGES } from '@portal/shared/constants';
import { htmlLang } from '@portal/shared/i18n/language';
import type { TStudyNoticeInput } from '@portal/shared/inbox/notices';
import { READING } from '../../../components/ui/styles';
import { useTranslation } from '../../../lib/use-translation';

/** The label above each language's texts. */
const IN_LANGUAGE = { en: 'studyNotices.in.en', sp: 'studyNotices.in.sp' } as const;

/**
 * A notice's title and message in English and in Spanish, as plain text as staff wrote them (line breaks kept),
 * each marked with its language: in the posting confirmation and in a posted notice opened.
 */
export function NoticeTexts({ notice }: { notice: Pick<TStudyNoticeInput, 'title' | 'body'> }) {
  const { t } = useTranslation();
  return (
    <>
      {LANGUAGES.map((language) => (
        <Box key={language} sx={{ mb: 2 }}>
          <Typography sx={{ color: 'text.secondary', fontSize: '0.875rem' }}>{t(IN_LANGUAGE[language])}</Typography>
          <Box lang={htmlLang(language)}>
            <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{notice.title[language]}</Typography>
            <Typography sx={{ ...READING, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {notice.body[language]}
            </Typography>
          </Box>
        </Box>
      ))}
    </>
  );
}
