import { storedSession, storeLoginData } from './fixtures';
import { expect, test } from './signed-in';

const storedAuth = (page: import('@playwright/test').Page) => page.evaluate(() => localStorage.getItem('authorize'));

test.describe('route rules', () => {
  for (const path of [
    '/dashboard',
    '/survey',
    '/education',
    '/research',
    '/support-programs',
    '/contact-us',
    '/profile-settings',
    '/system-options',
  ]) {
    test(`${path} sends a visitor who is not signed in to /login-patient`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login-patient$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    });
  }

  test('an expired token is cleared before going to /login-patient', async ({ page }) => {
    await storeLoginData(page, storedSession('patient', { expiresInSeconds: -60 }));
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login-patient$/);
    expect(await storedAuth(page)).toBeNull();
  });

  test('an unreadable token is cleared before going to /login-patient', async ({ page }) => {
    await storeLoginData(page, '{"access_token":"not-a-jwt","refresh_token":"x"}');
    await page.goto('/profile-settings');
    await expect(page).toHaveURL(/\/login-patient$/);
    expect(await storedAuth(page)).toBeNull();
  });

  for (const path of ['/login-patient', '/register-patient', '/forgot-password']) {
    test(`${path} sends a signed-in user to /dashboard`, async ({ page, signIn }) => {
      await signIn('patient');
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    });
  }

  for (const path of ['/registration-confirm', '/reset-password', '/landing']) {
    test(`${path} stays open to a signed-in user`, async ({ page, signIn }) => {
      await signIn('patient');
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    });
  }

  test('a signed-in participant asking for /system-options goes to /404', async ({ page, signIn }) => {
    await signIn('patient');
    await page.goto('/system-options');
    await expect(page).toHaveURL(/\/404$/);
  });

  test('an administrator reaches /system-options', async ({ page, signIn }) => {
    await signIn('admin');
    await page.goto('/system-options');
    await expect(page.getByRole('heading', { level: 1, name: 'System Options' })).toBeVisible();
  });

  test('an administrator asking for a participant page (Surveys, Contact Us, Account Settings) goes to /system-options', async ({
    page,
    signIn,
  }) => {
    await signIn('admin');
    for (const path of ['/survey', '/contact-us', '/profile-settings']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/system-options$/);
    }
  });

  test('a route change scrolls the page to the top', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto('/');
    // The first page of a fresh browser, on a machine shared with another journey.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login-patient$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
