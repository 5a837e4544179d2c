import { expect, expectNoAxeViolations, setLanguage, test, type Language } from './fixtures';

const headings: Record<Language, { notFound: string; htmlLang: string }> = {
  en: { notFound: 'Page not found', htmlLang: 'en' },
  sp: { notFound: 'Página no encontrada', htmlLang: 'es' },
};

for (const language of ['en', 'sp'] as const) {
  test.describe(`public pages in ${language}`, () => {
    test.beforeEach(async ({ page, baseURL }) => {
      await setLanguage(page, language, baseURL!);
    });

    for (const path of ['/', '/landing']) {
      test(`${path} shows the landing page`, async ({ page }) => {
        await page.goto(path);
        // The landing page loads on demand, on a machine shared with another journey.
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
        await expect(page.locator('html')).toHaveAttribute('lang', headings[language].htmlLang);
        await expect(page.getByRole('contentinfo')).toBeVisible();
        await expectNoAxeViolations(page);
      });
    }

    test('/404 shows the not-found page', async ({ page }) => {
      await page.goto('/404');
      await expect(page.getByRole('heading', { level: 1, name: headings[language].notFound })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('an unknown path goes to /404', async ({ page }) => {
      await page.goto('/no/such/page');
      await expect(page).toHaveURL(/\/404$/);
      await expect(page.getByRole('heading', { level: 1, name: headings[language].notFound })).toBeVisible();
    });
  });
}
