import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  chooseLanguage,
  htmlLang,
  isLanguage,
  onBeforeLanguageReload,
  readLanguageCookie,
  writeLanguageCookie,
} from './language';

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

  describe('changing language', () => {
    const reload = vi.fn();
    afterEach(() => {
      vi.useRealTimers();
      reload.mockReset();
    });
    const stubReload = () => vi.stubGlobal('location', { ...window.location, reload });

    it('finishes registered work before it reloads, and not at all for the same language', async () => {
      stubReload();
      const order: string[] = [];
      const remove = onBeforeLanguageReload(async () => {
        await Promise.resolve();
        order.push('saved');
      });
      reload.mockImplementation(() => order.push('reloaded'));
      await chooseLanguage('sp', 'sp');
      expect(order).toEqual([]);
      await chooseLanguage('sp', 'en');
      expect(order).toEqual(['saved', 'reloaded']);
      expect(readLanguageCookie()).toBe('sp');
      remove();
      await chooseLanguage('en', 'sp');
      expect(order).toEqual(['saved', 'reloaded', 'reloaded']);
    });

    it('reloads anyway when the work takes more than 5 seconds', async () => {
      vi.useFakeTimers();
      stubReload();
      const remove = onBeforeLanguageReload(() => new Promise(() => {}));
      const changing = chooseLanguage('en', 'sp');
      await vi.advanceTimersByTimeAsync(4999);
      expect(reload).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      await changing;
      expect(reload).toHaveBeenCalledTimes(1);
      remove();
    });
  });
});
