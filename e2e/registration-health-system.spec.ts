import { expect, expectNoAxeViolations, setLanguage, test, uniqueEmail } from './fixtures';
import { fillPersonal, passAccount, passCriteria, select, solveCaptcha } from './registration-wizard';
import { textsIn } from './texts';

// A keyboard user changes a native select with the arrow keys, which changes its value at every key: the question
// whether they receive care at the chosen system waits until they leave the field (WCAG 3.2.2 On Input).

test('a keyboard user moves through the health systems with the arrow keys and confirms one on leaving the field', async ({
  page,
  baseURL,
}) => {
  // Three steps of the wizard, a key at a time, and an axe pass over the open dialog.
  test.setTimeout(150_000);
  const t = textsIn('en');
  const email = uniqueEmail('keyboard');
  await setLanguage(page, 'en', baseURL!);
  await page.goto('/register-patient');
  await passCriteria(page, t);
  await passAccount(page, t, email);
  await fillPersonal(page, t, 'en');

  const healthSystem = select(page, t('registration.fields.healthSystem'));
  const dialog = page.getByRole('dialog', { name: 'Confirm your health system' });
  const consent = page.getByRole('checkbox', { name: t('registration.healthSystemConsent', { name: 'Geisinger' }) });
  /** Presses an arrow key until the select shows `value` (other journeys may add systems), asked nothing on the way. */
  const arrowTo = async (key: 'ArrowDown' | 'ArrowUp', value: string) => {
    for (let presses = 0; (await healthSystem.inputValue()) !== value; presses += 1) {
      expect(presses, `${value} is reached`).toBeLessThan(50);
      await page.keyboard.press(key);
      await expect(dialog).toHaveCount(0);
    }
  };
  await select(page, t('registration.fields.language')).focus();
  await page.keyboard.press('Tab');
  await expect(healthSystem).toBeFocused();

  // Down past Geisinger (the first system) and every other to None of the below, and away: nothing is asked.
  await page.keyboard.press('ArrowDown');
  await expect(healthSystem).toHaveValue('geisinger');
  await arrowTo('ArrowDown', 'none');
  await page.keyboard.press('Tab');
  await expect(healthSystem).not.toBeFocused();
  await expect(dialog).toHaveCount(0);

  // Back up to Geisinger and away: the question. No brings the person back to the select, emptied.
  await page.keyboard.press('Shift+Tab');
  await expect(healthSystem).toBeFocused();
  await arrowTo('ArrowUp', 'geisinger');
  await page.keyboard.press('Tab');
  await expect(dialog).toContainText(
    "You've selected Geisinger. Do you receive care here? If not, choose another option or select None of the below.",
  );
  await expectNoAxeViolations(page);
  await expect(dialog.getByRole('button', { name: 'Yes, I receive care here' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'No, choose another option' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(healthSystem).toBeFocused();
  await expect(healthSystem).toHaveValue('');

  // Leaving it empty asks nothing; coming back, Geisinger, away, Yes: focus goes on to the consent box.
  await page.keyboard.press('Tab');
  await expect(dialog).toHaveCount(0);
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('ArrowDown');
  await expect(healthSystem).toHaveValue('geisinger');
  await page.keyboard.press('Tab');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(consent).toBeFocused();
  await page.keyboard.press('Space');
  await expect(consent).toBeChecked();

  // The confirmed choice is not asked about again: Register goes ahead with it.
  await solveCaptcha(page);
  await page.getByRole('button', { name: t('registration.submit') }).click();
  await expect(page.getByRole('heading', { level: 2, name: t('registration.steps.activate') })).toBeVisible();
  await expect(dialog).toHaveCount(0);
});

test('the question and its answers in Spanish; Register with an unconfirmed system asks and does not go ahead on No', async ({
  page,
  baseURL,
}) => {
  const t = textsIn('sp');
  await setLanguage(page, 'sp', baseURL!);
  await page.goto('/register-patient');
  await passCriteria(page, t);
  await passAccount(page, t, uniqueEmail('teclado'));
  await fillPersonal(page, t, 'sp');

  const healthSystem = select(page, t('registration.fields.healthSystem'));
  const dialog = page.getByRole('dialog', { name: 'Confirme su sistema de salud' });
  await healthSystem.focus();
  await page.keyboard.press('ArrowDown');
  await expect(healthSystem).toHaveValue('geisinger');
  await page.keyboard.press('Tab');
  await expect(dialog).toContainText(
    'Seleccionó Geisinger. ¿Recibe atención aquí? Si no, elija otra opción o seleccione Ninguna de las anteriores.',
  );
  await expect(dialog.getByRole('button', { name: 'Sí, recibo atención aquí' })).toBeFocused();
  await dialog.getByRole('button', { name: 'No, elegir otra opción' }).click();
  await expect(healthSystem).toBeFocused();
  await expect(healthSystem).toHaveValue('');

  await healthSystem.selectOption('geisinger');
  await page.getByRole('button', { name: t('registration.submit') }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'No, elegir otra opción' }).click();
  await expect(healthSystem).toHaveValue('');
  await expect(page.getByRole('heading', { level: 2, name: t('registration.steps.personal') })).toBeVisible();
});
