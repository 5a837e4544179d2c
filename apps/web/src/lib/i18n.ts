import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '@portal/shared/i18n/en.json';
import sp from '@portal/shared/i18n/sp.json';
import type { Language } from '@portal/shared/constants';
import { htmlLang } from './language';

export async function initI18n(language: Language) {
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: en }, sp: { translation: sp } },
    lng: language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = htmlLang(language);
  return i18next;
}
