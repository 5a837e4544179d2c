import type { Language } from '../constants';
import type { HelpAssistant } from './help-assistant';

/** Each language's assistant is a module of its own, with only that language's texts, loaded on first use. */
export function loadHelpAssistant(language: Language): Promise<HelpAssistant> {
  const load = language === 'sp' ? import('./assistant-sp') : import('./assistant-en');
  return load.then((module) => module.assistant);
}
