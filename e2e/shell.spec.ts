import { expectNoAxeViolations, setLanguage } from './fixtures';
import { expect, test } from './signed-in';

const mainNav = (page: import('@playwright/test').Page) => page.getByRole('navigation', { name: 'Main navigation' });

test.describe('shell', () => {
  test('a participant sees the patient menu, the active link and the profile menu', async ({ page, signIn }) => {
    await signIn('patient');
    await page.goto('/education');
    const nav = mainNav(page);
    for (const name of ['Home', 'Surveys', 'Education', 'Research', 'Support Programs', 'Contact Us']) {
      await expect(nav.getByRole('link', { name })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'System Options' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Education' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');

    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Open profile menu' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText('Rose Walker')).toBeVisible();
    for (const name of ['Account Settings', 'My Informed Consent', 'Withdraw', 'Logout']) {
      await expect(menu.getByRole('menuitem', { name })).toBeVisible();
    }
    await menu.getByRole('menuitem', { name: 'Account Settings' }).click();
    await expect(page).toHaveURL(/\/profile-settings$/);
  });

  test('an administrator sees the reduced menu and no participant items', async ({ page, signIn }) => {
    await signIn('admin');
    await page.goto('/dashboard');
    const nav = mainNav(page);
    for (const name of ['Home', 'Education', 'Research', 'Support Programs', 'System Options']) {
      await expect(nav.getByRole('link', { name })).toBeVisible();
    }
    for (const name of ['Surveys', 'Contact Us']) await expect(nav.getByRole('link', { name })).toHaveCount(0);
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    const menu = page.getByRole('menu');
    for (const name of ['Account Settings', 'My Informed Consent', 'Withdraw']) {
      await expect(menu.getByRole('menuitem', { name })).toHaveCount(0);
    }
    await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  });

  test('logout clears stored login data and goes to the landing page', async ({ page, signIn }) => {
    await signIn('patient');
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Open profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByRole('dialog', { name: 'Log out?' })).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('authorize'))).toBeNull();
    await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('the footer shows the contact block and help desk, and is hidden on /survey', async ({ page, signIn }) => {
    await signIn('patient');
    await page.goto('/dashboard');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: '1-800-555-0100' })).toBeVisible();
    await expect(footer.getByText('ext. 100')).toBeVisible();
    await expect(footer.getByText('Monday to Friday, 10am to 4pm Central')).toBeVisible();
    await expect(footer.getByRole('link', { name: 'study@example.org' })).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Help desk' })).toBeVisible();
    await expect(footer.getByText(/All rights reserved/)).toBeVisible();
    await mainNav(page).getByRole('link', { name: 'Surveys' }).click();
    await expect(page).toHaveURL(/\/survey$/);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  });

  test('the mobile menu opens a drawer with the same links', async ({ page, signIn }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn('patient');
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawerNav = page.getByRole('presentation').getByRole('navigation', { name: 'Main navigation' });
    await expect(drawerNav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await drawerNav.getByRole('link', { name: 'Research' }).click();
    await expect(page).toHaveURL(/\/research$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Research' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the downtime banner shows the message in the current language and can be dismissed', async ({
    page,
    baseURL,
  }) => {
    await setLanguage(page, 'sp', baseURL!);
    // The banner is fed by GET /downtime; the server's schedule rules are covered by the API tests.
    await page.route('**/common-server/downtime', (route) =>
      route.fulfill({
        json: {
          status: true,
          data: {
            enableDowntime: true,
            message: { en: 'Scheduled maintenance on Saturday.', sp: 'Mantenimiento programado el sábado.' },
            effectiveStartDate: '2030-01-04T06:00:00.000Z',
            effectiveEndDate: '2030-01-04T10:00:00.000Z',
            reminderDaysInAdvance: 3,
            inDowntime: false,
            show: true,
          },
        },
      }),
    );
    await page.goto('/');
    const banner = page.getByRole('alert').filter({ hasText: 'Mantenimiento programado el sábado.' });
    await expect(banner).toBeVisible();
    await expectNoAxeViolations(page);
    await banner.getByRole('button', { name: 'Cerrar aviso' }).click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Mantenimiento programado el sábado.')).toHaveCount(0);
  });

  test('the help button never covers the copyright line of a 1280-pixel-wide Spanish page', async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await setLanguage(page, 'sp', baseURL!);
    await page.goto('/');
    const help = page.getByRole('button', { name: 'Ayuda' });
    const copyright = page.getByRole('contentinfo').getByText(/Todos los derechos reservados/);
    type Box = { x: number; y: number; width: number; height: number };
    const boxes = async (): Promise<[Box, Box]> => [(await help.boundingBox())!, (await copyright.boundingBox())!];
    const overlap = ([a, b]: [Box, Box]) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

    // While the line scrolls past level with the button, and at the end of the page where the footer rests.
    await copyright.scrollIntoViewIfNeeded();
    const [button, line] = await boxes();
    await page.evaluate((by) => window.scrollBy(0, by), line.y + line.height / 2 - (button.y + button.height / 2));
    expect(overlap(await boxes())).toBe(false);
    await page.keyboard.press('End');
    await expect.poll(() => page.evaluate(() => innerHeight + scrollY >= document.body.scrollHeight)).toBe(true);
    expect(overlap(await boxes())).toBe(false);
    await expectNoAxeViolations(page);
  });

  test('a page whose code cannot be downloaded shows a plain message and a way to reload', async ({ page }) => {
    await page.route('**/assets/RegisterPatientPage-*.js', (route) => route.abort());
    await page.goto('/register-patient');
    await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload the page' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
