import { expect, expectNoAxeViolations, setLanguage, test, type Language } from './fixtures';

const headings: Record<Language, { notFound: string; htmlLang: string }> = {
  en: { notFound: 'Page not found', htmlLang: 'en' },
  sp: { notFound: 'Página no encontrada', htmlLang: 'es' },
};

// Each address once, in one of the two languages: both languages are read on each kind of page.
test.describe('public pages', () => {
  for (const [path, language] of [
    ['/', 'en'],
    ['/landing', 'sp'],
  ] as const) {
    test(`${path} shows the landing page (${language})`, async ({ page, baseURL }) => {
      await setLanguage(page, language, baseURL!);
      await page.goto(path);
      // The landing page loads on demand, on a machine shared with another journey.
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('html')).toHaveAttribute('lang', headings[language].htmlLang);
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test('/404 shows the not-found page (sp)', async ({ page, baseURL }) => {
    await setLanguage(page, 'sp', baseURL!);
    await page.goto('/404');
    await expect(page.getByRole('heading', { level: 1, name: headings.sp.notFound })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('an unknown path goes to /404 (en)', async ({ page, baseURL }) => {
    await setLanguage(page, 'en', baseURL!);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { level: 1, name: headings.en.notFound })).toBeVisible();
  });
});
