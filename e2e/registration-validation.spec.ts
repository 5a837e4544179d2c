import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';

/** The English texts of the field rules and refusals, written out: these are what a participant reads. */
const NEXT = 'Next';

function textbox(page: Page, name: string) {
  return page.getByRole('textbox', { name, exact: true });
}

function combobox(page: Page, name: string) {
  return page.getByRole('combobox', { name, exact: true });
}

function alertWith(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

async function reachPersonalStep(page: Page, email: string) {
  await page.goto('/register-patient');
  await page.getByLabel('I am 18 years of age or older.').check();
  await page.getByLabel('I have kidney disease, have had a kidney transplant, or am on dialysis.').check();
  await page.getByLabel('I am willing to take part in the study and to complete the informed consent.').check();
  await page.getByRole('button', { name: NEXT }).click();
  await textbox(page, 'E-mail').fill(email);
  await textbox(page, 'Password').fill('Kidney#2026');
  await page.getByRole('button', { name: NEXT }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Personal Information' })).toBeVisible();
}

test.describe('registration rules a participant meets', () => {
  test('step 2 explains a bad e-mail, a missing password and an address already registered', async ({ page }) => {
    await page.goto('/register-patient');
    await page.getByLabel('I am 18 years of age or older.').check();
    await page.getByLabel('I have kidney disease, have had a kidney transplant, or am on dialysis.').check();
    await page.getByLabel('I am willing to take part in the study and to complete the informed consent.').check();
    await page.getByRole('button', { name: NEXT }).click();

    await textbox(page, 'E-mail').fill('rose@example');
    await page.getByRole('button', { name: NEXT }).click();
    await expect(alertWith(page, 'Please enter a valid email.')).toBeVisible();
    await expect(alertWith(page, 'Please enter your password.')).toBeVisible();
    await expect(textbox(page, 'E-mail')).toBeFocused();
    await expectNoAxeViolations(page);

    await textbox(page, 'E-mail').fill('Demo.Patient@example.org');
    await textbox(page, 'Password').fill('Kidney#2026');
    // The security policy under the field: one character of each kind, each said in the singular.
    for (const rule of [
      'At least 1 capital letter (A–Z)',
      'At least 1 lower-case letter (a–z)',
      'At least 1 number (0–9)',
      'At least 1 special character, such as ! @ # $ %',
    ]) {
      await expect(page.getByText(rule)).toBeVisible();
    }
    await page.getByRole('button', { name: NEXT }).click();
    await expect(alertWith(page, 'Entered email already exists.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Account Information' })).toBeVisible();
  });

  test('step 3 shows every field rule, and the server refuses a registration without the captcha', async ({ page }) => {
    test.setTimeout(60_000);
    // The security check's code is held back, as on a slow line: the Register button must not move when it comes.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/altcha-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await reachPersonalStep(page, `rules.${Date.now()}@example.org`);
    const register = page.getByRole('button', { name: 'Register' });
    const before = await register.boundingBox();
    release();
    await expect(page.getByRole('checkbox', { name: "I'm not a robot" })).toBeVisible();
    await page.unrouteAll();
    expect(await register.boundingBox()).toEqual(before);
    await register.click();
    // The preferred language starts as the page's language, so it has no message here.
    for (const message of [
      'Please enter first name',
      'Please enter last name',
      'Please enter your date of birth',
      'Please select your gender',
      'Please select your country',
      'Please enter correct zip code',
      'Please select a health system where you receive kidney care.',
    ]) {
      await expect(alertWith(page, message)).toBeVisible();
    }
    await combobox(page, 'Preferred language').selectOption('');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(alertWith(page, 'Please select your preferred language')).toBeVisible();
    await combobox(page, 'Preferred language').selectOption('English');
    await expectNoAxeViolations(page);

    await textbox(page, 'First name').fill('R0se');
    await textbox(page, 'Last name').fill('Smith');
    await textbox(page, 'Date of birth').fill('01/01/2099');
    await textbox(page, 'Last name').focus();
    await expect(
      alertWith(page, 'The field requires at least 2 letters without numbers or special characters'),
    ).toBeVisible();
    await expect(alertWith(page, 'Date of birth cannot be in the future.')).toBeVisible();
    const eighteenYearsAgoTomorrow = new Date();
    eighteenYearsAgoTomorrow.setFullYear(eighteenYearsAgoTomorrow.getFullYear() - 18);
    eighteenYearsAgoTomorrow.setDate(eighteenYearsAgoTomorrow.getDate() + 1);
    const pad = (n: number) => String(n).padStart(2, '0');
    await textbox(page, 'Date of birth').fill(
      `${pad(eighteenYearsAgoTomorrow.getMonth() + 1)}${pad(eighteenYearsAgoTomorrow.getDate())}${eighteenYearsAgoTomorrow.getFullYear()}`,
    );
    await textbox(page, 'First name').fill('Rose');
    await expect(alertWith(page, 'Your age must be 18 years or above')).toBeVisible();
    await textbox(page, 'Date of birth').fill('05/17/1960');

    await textbox(page, 'ZIP code').pressSequentially('17a');
    await expect(alertWith(page, 'Postal code should not contain letters')).toBeVisible();
    await expect(textbox(page, 'ZIP code')).toHaveValue('17');
    await textbox(page, 'ZIP code').pressSequentially('821');
    await expect(alertWith(page, 'Postal code should not contain letters')).toHaveCount(0);

    await combobox(page, 'Sex at birth').selectOption('Female');
    await combobox(page, 'Country').selectOption('United States');
    // The question comes when the person leaves the field, not while the choice changes.
    const healthSystem = combobox(page, 'Health system where you receive kidney care');
    await healthSystem.selectOption('Geisinger');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await healthSystem.press('Tab');
    await page.getByRole('button', { name: 'No, choose another option' }).click();
    await expect(healthSystem).toHaveValue('');
    await expect(healthSystem).toBeFocused();
    await healthSystem.selectOption('None of the below');
    await healthSystem.press('Tab');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The screen does not enforce the captcha; the server does.
    await page.getByRole('button', { name: 'Register' }).click();
    const failure = alertWith(page, 'Registration failed. Please check your input and try again.');
    await expect(failure).toBeVisible();
    await expect(failure).toContainText('We could not confirm that you are not a robot.');
  });

  test('progress survives a reload, asking only for the password again', async ({ page }) => {
    const email = `reload.${Date.now()}@example.org`;
    await reachPersonalStep(page, email);
    await textbox(page, 'First name').fill('Rose');
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Account Information' })).toBeVisible();
    await expect(page.getByText('For your security, please enter your password again.')).toBeVisible();
    await expect(textbox(page, 'E-mail')).toHaveValue(email);
    await textbox(page, 'Password').fill('Kidney#2026');
    await page.getByRole('button', { name: NEXT }).click();
    await expect(textbox(page, 'First name')).toHaveValue('Rose');

    // A completed step in the rail leads back to it while registration is not finished.
    await page.getByRole('button', { name: /Participation Criteria/ }).click();
    await expect(page.getByLabel('I am 18 years of age or older.')).toBeChecked();
  });

  test('on a phone, steps 2 and 3 have a Back button and the close icon leads to login', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/register-patient');
    await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
    await page.getByLabel('I am 18 years of age or older.').check();
    await page.getByLabel('I have kidney disease, have had a kidney transplant, or am on dialysis.').check();
    await page.getByLabel('I am willing to take part in the study and to complete the informed consent.').check();
    await page.getByRole('button', { name: NEXT }).click();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Participation Criteria' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Close and go to login' }).click();
    await expect(page).toHaveURL(/\/login-patient$/);
  });

  test('an expired or unknown activation link says so and offers sign-up and a new link', async ({ page }) => {
    // A fresh id each time: asking for new links is limited per account, across runs on one database too.
    await page.goto(`/registration-confirm?token=no-such-token&id=${crypto.randomUUID()}`);
    await expect(page.getByText('Sorry ! Your activation link is expired.')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Send me a new activation link' }).click();
    await expect(page.getByText('Resend activation email sent successfully.')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/register-patient$/);
  });

  test('during downtime the wizard says so and its buttons are disabled', async ({ page }) => {
    await page.route('**/common-server/downtime', (route) =>
      route.fulfill({
        json: {
          status: true,
          data: {
            enableDowntime: true,
            message: { en: 'Maintenance tonight.', sp: 'Mantenimiento esta noche.' },
            effectiveStartDate: '2020-01-01T00:00:00.000Z',
            effectiveEndDate: '2100-01-01T00:00:00.000Z',
            reminderDaysInAdvance: 0,
            inDowntime: true,
            show: true,
          },
        },
      }),
    );
    await page.goto('/register-patient');
    await expect(page.getByText('System is under maintenance. Please try again later.')).toBeVisible();
    await expect(page.getByRole('button', { name: NEXT })).toBeDisabled();
    await expectNoAxeViolations(page);
  });
});
