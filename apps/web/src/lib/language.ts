import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, type Language } from '@portal/shared/constants';
import { htmlLang, isLanguage } from '@portal/shared/i18n/language';

export { htmlLang, isLanguage };

const ONE_YEAR_SECONDS = 31_536_000;

/** The preferred language from the `preferredLanguage` cookie, else English. */
export function readLanguageCookie(cookie: string = document.cookie): Language {
  const entry = cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LANGUAGE_COOKIE);
  const value = entry?.[1] ? decodeURIComponent(entry[1]) : undefined;
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

export function writeLanguageCookie(language: Language) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
}

type BeforeReload = () => Promise<unknown>;
const beforeReload = new Set<BeforeReload>();
/** The longest a language change waits for work in progress before it reloads. */
const BEFORE_RELOAD_WAIT_MS = 5_000;

/**
 * Work that must finish before a language change reloads the page, such as saving a survey's latest answers.
 * Returns the function that removes it.
 */
export function onBeforeLanguageReload(task: BeforeReload): () => void {
  beforeReload.add(task);
  return () => beforeReload.delete(task);
}

/**
 * Stores the choice and reloads when it differs from the language on screen,
 * so every text, date and server-rendered piece comes back in the new language.
 */
export async function chooseLanguage(next: Language, current: Language) {
  writeLanguageCookie(next);
  if (next === current) return;
  const waited = Promise.allSettled([...beforeReload].map((task) => task()));
  await Promise.race([waited, new Promise((resolve) => window.setTimeout(resolve, BEFORE_RELOAD_WAIT_MS))]);
  window.location.reload();
}
