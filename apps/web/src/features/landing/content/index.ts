import { useTranslation } from 'react-i18next';
import { landingContent, type LandingContent } from '@portal/shared/content/landing';

export type { LandingContent };

/** The landing texts in the language on screen (English unless Spanish is chosen). */
export function useLandingContent(): LandingContent {
  const { i18n } = useTranslation();
  return i18n.language === 'sp' ? landingContent.sp : landingContent.en;
}
