import { expect, expectNoAxeViolations, test } from './fixtures';

test.describe('language switcher', () => {
  test('switching to Spanish stores the cookie, reloads and shows Spanish; switching back restores English', async ({
    page,
    context,
  }) => {
    await page.goto('/404');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await page.evaluate(() => Object.assign(window, { beforeReload: true }));

    await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Español' });

    await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();
    expect(await page.evaluate(() => 'beforeReload' in window)).toBe(false);
    const cookie = (await context.cookies()).find((c) => c.name === 'preferredLanguage');
    expect(cookie?.value).toBe('sp');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(
      page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Iniciar sesión' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('combobox', { name: 'Idioma' }).selectOption({ label: 'English' });
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === 'preferredLanguage')?.value).toBe('en');
  });

  test('choosing the language already shown does not reload', async ({ page }) => {
    await page.goto('/404');
    await page.evaluate(() => Object.assign(window, { beforeReload: true }));
    await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'English' });
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(await page.evaluate(() => 'beforeReload' in window)).toBe(true);
  });
});
