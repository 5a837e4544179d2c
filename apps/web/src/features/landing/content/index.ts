import { useTranslation } from 'react-i18next';
import type { Language } from '@portal/shared/constants';
import enContent from './en.json';
import spContent from './sp.json';

/** Every text of the landing page; both languages share this exact shape. */
export type LandingContent = typeof enContent;

export const landingContent: Record<Language, LandingContent> = { en: enContent, sp: spContent };

/** The landing texts in the language on screen (English unless Spanish is chosen). */
export function useLandingContent(): LandingContent {
  const { i18n } = useTranslation();
  return i18n.language === 'sp' ? landingContent.sp : landingContent.en;
}
