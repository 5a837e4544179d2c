import { describe, expect, it } from 'vitest';
import { htmlLang, isLanguage, readLanguageCookie, writeLanguageCookie } from './language';

describe('language', () => {
  it('reads the preferredLanguage cookie and falls back to English', () => {
    expect(readLanguageCookie('a=1; preferredLanguage=sp; b=2')).toBe('sp');
    expect(readLanguageCookie('preferredLanguage=fr')).toBe('en');
    expect(readLanguageCookie('')).toBe('en');
  });

  it('writes a cookie that reads back', () => {
    writeLanguageCookie('sp');
    expect(readLanguageCookie()).toBe('sp');
    writeLanguageCookie('en');
    expect(readLanguageCookie()).toBe('en');
  });

  it('maps the portal code sp to the HTML language tag es', () => {
    expect(htmlLang('sp')).toBe('es');
    expect(htmlLang('en')).toBe('en');
  });

  it('knows only en and sp', () => {
    expect(isLanguage('en')).toBe(true);
    expect(isLanguage('es')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });
});
