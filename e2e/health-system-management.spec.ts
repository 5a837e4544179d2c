import { writeFile } from 'node:fs/promises';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import type { Locator, Page } from '@playwright/test';
import { activateThroughLink, ADMIN, apiLogin, PATIENT_PASSWORD, useSignedIn } from './accounts';
import {
  activationLinkFor,
  expect,
  expectNoAxeViolations,
  setLanguage,
  test,
  today,
  uniqueEmail,
  type Language,
  SLOW_STEP_TIMEOUT_MS,
} from './fixtures';
import { chooseHealthSystem, fillPersonal, passAccount, passCriteria, solveCaptcha } from './registration-wizard';
import { signInAdmin } from './settings-editors';
import { drawSignature } from './signing';
import { textsIn } from './texts';

/** US Letter, in PDF points. */
const LETTER = { width: 612, height: 792 };

/** A one-page consent form of the system's own, as the administrator would export it from a word processor. */
async function consentPdf(path: string, title: string) {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const page = document.addPage([LETTER.width, LETTER.height]);
  page.drawText(title, { x: 72, y: 720, size: 18, font });
  await writeFile(path, await document.save({ useObjectStreams: false }));
}

/** What the story names: the system, its form's fields, the participant (as the wizard names them). */
const STORY = {
  name: 'Lakeside Kidney Care',
  description: 'Nephrology clinics around the lake, onboarded for the kidney research study.',
  labels: { en: 'Lakeside Kidney Care', sp: 'Atención Renal Lakeside' },
  pdfTitle: 'Lakeside Kidney Care informed consent',
  agree: 'I agree to take part in this study',
  printedName: 'Printed name of the participant',
  signingDate: 'Date of signing',
  signer: "Rose O'Neil",
};

/** The field drawn in the visual editor, in points from the page's top-left corner, then where dragging moves it. */
const DRAWN = { x: 100, y: 150, width: 200, height: 30 };
const MOVED_BY = { x: 40, y: 20 };

/** A number box of a field's card in the editor's side panel, by its label. */
const numberIn = (card: Locator, label: string) => card.getByRole('spinbutton', { name: label, exact: true });

/** Drags with the mouse from one point of the screen to another, in small steps as a hand would. */
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
}

/** Signs the open ceremony: every box ticked, the name written, a signature drawn; then closes the thanks. */
async function signCeremony(page: Page, language: Language, ceremony: Locator, name: string) {
  const t = textsIn(language);
  for (const box of await ceremony.getByRole('checkbox').all()) await box.check();
  await ceremony.getByRole('textbox', { name: STORY.printedName }).fill(name);
  await drawSignature(page, ceremony.getByRole('img', { name: t('consent.sign.padLabel') }));
  await ceremony.getByRole('button', { name: t('consent.sign.submit') }).click();
  const thanks = page.getByRole('dialog', { name: t('consent.sign.successTitle') });
  await expect(thanks).toBeVisible({ timeout: SLOW_STEP_TIMEOUT_MS });
  // Closing reloads the page a second later: wait for it before going anywhere else.
  const reloaded = page.waitForEvent('load');
  await thanks.getByRole('button', { name: t('consent.sign.close') }).click();
  await reloaded;
}

/** Opens Health System Management, its table of systems, and the onboarding modal on its first step. */
async function openOnboarding(page: Page, baseURL: string, language: Language) {
  const t = textsIn(language);
  await signInAdmin(page, baseURL, language, await apiLogin(ADMIN.email, ADMIN.password));
  await page.goto('/system-options?tab=health-system-management');
  await expect(
    page.getByRole('heading', { level: 2, name: t('systemOptions.tabs.healthSystemManagement') }),
  ).toBeVisible();
  const systems = page.getByRole('table', { name: t('healthSystems.table.title') });
  await expect(systems.getByRole('row').nth(1)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: t('healthSystems.table.onboard') }).click();
  const modal = page.getByRole('dialog', { name: t('healthSystems.modal.createTitle') });
  await expect(modal.getByText(t('healthSystems.modal.progress', { step: '1', total: '3' }))).toBeVisible();
  await expect(modal.getByRole('textbox', { name: t('healthSystems.basic.name'), exact: true })).toBeFocused();
  await expectNoAxeViolations(page);
  return { systems, modal };
}

// The story in English; the Spanish journey reads the tab and the onboarding modal in Spanish.
test.describe('Health System Management', () => {
  test('onboard a system with its own form, a participant signs it, a change asks for re-consent', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    // The whole story, two browsers and three PDFs drawn: it has taken four minutes on two busy cores.
    test.setTimeout(420_000);
    const language: Language = 'en';
    const other: Language = 'sp';
    const t = textsIn(language);
    const story = STORY;
    // A system of its own on every run (a retry runs against the same portal, where names are taken).
    const run = Date.now().toString(36);
    const systemName = `${story.name} ${run}`;
    const databaseValue = `lakeside_${run}`;
    const dropdownLabel = `${story.labels[language]} ${run}`;
    const languageName = (l: Language) => t(`healthSystems.languageNames.${l}`);
    const pdfPath = testInfo.outputPath(`${databaseValue}.pdf`);
    await consentPdf(pdfPath, story.pdfTitle);

    // 1. The administrator onboards the system in the three-step modal.
    const { systems, modal } = await openOnboarding(page, baseURL!, language);
    await modal.getByRole('textbox', { name: t('healthSystems.basic.name'), exact: true }).fill(systemName);
    await modal
      .getByRole('textbox', { name: t('healthSystems.basic.description'), exact: true })
      .fill(story.description);
    await modal.getByRole('button', { name: t('healthSystems.modal.next') }).click();

    await expect(modal.getByRole('status').filter({ hasText: t('healthSystems.basicValid') })).toBeVisible();
    await expect(modal.getByText(t('healthSystems.modal.progress', { step: '2', total: '3' }))).toBeVisible();
    await modal
      .getByRole('textbox', { name: t('healthSystems.system.databaseValue'), exact: true })
      .fill(databaseValue);
    for (const l of [language, other])
      await modal
        .getByRole('textbox', { name: t('healthSystems.system.label', { language: languageName(l) }), exact: true })
        .fill(l === language ? dropdownLabel : `${story.labels[l]} ${run}`);
    await expectNoAxeViolations(page);
    await modal.getByRole('button', { name: t('healthSystems.modal.next') }).click();

    // Step 3: the form in the journey's language is the system's own PDF; the other language keeps the default.
    await expect(modal.getByRole('status').filter({ hasText: t('healthSystems.systemValid') })).toBeVisible();
    await expect(modal.getByText(t('healthSystems.modal.progress', { step: '3', total: '3' }))).toBeVisible();
    const custom = modal.getByRole('region', { name: languageName(language) });
    await expect(modal.getByRole('region', { name: languageName(other) })).toContainText(
      t('healthSystems.consentStep.defaultNotice'),
    );
    await custom.getByLabel(t('healthSystems.consentStep.useDefault')).uncheck();
    await custom
      .getByLabel(t('healthSystems.consentStep.pdfLabel', { language: languageName(language) }))
      .setInputFiles(pdfPath);
    await expect(
      custom.getByText(t('healthSystems.consentStep.chosenFile', { file: `${databaseValue}.pdf` })),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // One field typed in the dialog: the box to tick.
    await custom.getByRole('button', { name: t('healthSystems.consentStep.addField') }).click();
    const fieldDialog = page.getByRole('dialog', { name: t('healthSystems.fieldDialog.addTitle') });
    await fieldDialog
      .getByRole('combobox', { name: t('healthSystems.fieldDialog.type') })
      .selectOption({ label: t('healthSystems.fieldDialog.types.checkbox') });
    await fieldDialog.getByRole('textbox', { name: t('healthSystems.fieldDialog.description') }).fill(story.agree);
    for (const [label, value] of [
      ['healthSystems.fieldDialog.x', '72'],
      ['healthSystems.fieldDialog.y', '300'],
      ['healthSystems.fieldDialog.width', '14'],
      ['healthSystems.fieldDialog.height', '14'],
    ] as const)
      await fieldDialog.getByRole('spinbutton', { name: t(label) }).fill(value);
    await fieldDialog.getByRole('checkbox', { name: t('healthSystems.fieldDialog.required') }).check();
    await expectNoAxeViolations(page);
    await fieldDialog.getByRole('button', { name: t('healthSystems.fieldDialog.save') }).click();
    await expect(fieldDialog).toBeHidden();
    const fieldsTable = custom.getByRole('table', {
      name: t('healthSystems.consentStep.fieldsCaption', { language: languageName(language) }),
    });
    await expect(fieldsTable.getByRole('row').filter({ hasText: story.agree }).getByRole('cell')).toHaveText([
      t('healthSystems.fieldDialog.types.checkbox'),
      '1',
      '72',
      '300',
      '14',
      '14',
      t('healthSystems.consentStep.yes'),
      new RegExp(t('healthSystems.consentStep.edit')),
    ]);

    // The second field drawn on the PDF in the visual editor, then moved by dragging its box.
    await custom.getByRole('button', { name: t('healthSystems.consentStep.placeFields') }).click();
    const editor = page.getByRole('dialog', {
      name: t('healthSystems.editor.title', { language: languageName(language) }),
    });
    const pdfPage = editor.getByRole('region', { name: t('consent.sign.pageLabel', { page: '1', pages: '1' }) });
    await expect(pdfPage).toBeVisible({ timeout: SLOW_STEP_TIMEOUT_MS });
    await expect(pdfPage.locator('canvas')).toBeVisible();
    await expectNoAxeViolations(page);
    await editor
      .getByRole('combobox', { name: t('healthSystems.fieldDialog.type') })
      .first()
      .selectOption({ label: t('healthSystems.fieldDialog.types.text') });
    await editor
      .getByRole('textbox', { name: t('healthSystems.fieldDialog.description') })
      .first()
      .fill(story.printedName);
    await editor.getByRole('button', { name: t('healthSystems.editor.draw') }).click();
    await expect(editor.getByRole('status').filter({ hasText: t('healthSystems.editor.drawHint') })).toBeVisible();
    const card = editor.getByRole('group', {
      name: t('healthSystems.editor.fieldHeading', { number: '2', description: story.printedName }),
    });
    // At 100% zoom a CSS pixel on the page is a point. Pressing adds the field, and the editor brings its card
    // into view, which may scroll the page under the pointer: the far corner is aimed at where the page is then.
    const corner = (await pdfPage.boundingBox())!;
    await page.mouse.move(corner.x + DRAWN.x, corner.y + DRAWN.y);
    await page.mouse.down();
    await page.mouse.move(corner.x + DRAWN.x + 10, corner.y + DRAWN.y + 10);
    await expect(card).toBeInViewport();
    const scrolled = (await pdfPage.boundingBox())!;
    await page.mouse.move(scrolled.x + DRAWN.x + DRAWN.width, scrolled.y + DRAWN.y + DRAWN.height, { steps: 8 });
    await page.mouse.up();
    await expect(editor.getByRole('heading', { name: t('healthSystems.editor.fields', { count: '2' }) })).toBeVisible();
    await expect(numberIn(card, t('healthSystems.fieldDialog.x'))).toHaveValue(String(DRAWN.x));
    await expect(numberIn(card, t('healthSystems.fieldDialog.y'))).toHaveValue(String(DRAWN.y));
    await expect(numberIn(card, t('healthSystems.fieldDialog.width'))).toHaveValue(String(DRAWN.width));
    await expect(numberIn(card, t('healthSystems.fieldDialog.height'))).toHaveValue(String(DRAWN.height));

    const drawn = editor.getByRole('button', {
      name: t('healthSystems.editor.boxLabel', {
        description: story.printedName,
        type: t('healthSystems.fieldDialog.types.text'),
        page: '1',
        x: String(DRAWN.x),
        y: String(DRAWN.y),
      }),
    });
    const box = (await drawn.boundingBox())!;
    const grip = { x: box.x + box.width / 3, y: box.y + box.height / 2 };
    await drag(page, grip, { x: grip.x + MOVED_BY.x, y: grip.y + MOVED_BY.y });
    const moved = { ...DRAWN, x: DRAWN.x + MOVED_BY.x, y: DRAWN.y + MOVED_BY.y };
    await expect(numberIn(card, t('healthSystems.fieldDialog.x'))).toHaveValue(String(moved.x));
    await expect(numberIn(card, t('healthSystems.fieldDialog.y'))).toHaveValue(String(moved.y));
    await expect(numberIn(card, t('healthSystems.fieldDialog.width'))).toHaveValue(String(moved.width));
    await expect(numberIn(card, t('healthSystems.fieldDialog.height'))).toHaveValue(String(moved.height));
    await expectNoAxeViolations(page);
    await editor.getByRole('button', { name: t('admin.editor.save') }).click();
    await expect(editor).toBeHidden();
    await expect(fieldsTable.getByRole('row').filter({ hasText: story.printedName }).getByRole('cell')).toHaveText([
      t('healthSystems.fieldDialog.types.text'),
      '1',
      String(moved.x),
      String(moved.y),
      String(moved.width),
      String(moved.height),
      t('healthSystems.consentStep.no'),
      new RegExp(t('healthSystems.consentStep.edit')),
    ]);

    await modal.getByRole('button', { name: t('healthSystems.modal.register') }).click();
    const registered = page.getByRole('dialog', { name: t('healthSystems.modal.success') });
    await expect(registered).toContainText(t('healthSystems.registered'));
    await expectNoAxeViolations(page);
    await registered.getByRole('button', { name: t('healthSystems.modal.ok') }).click();
    await expect(modal).toBeHidden();
    const row = systems.getByRole('row').filter({ hasText: systemName });
    await expect(row.getByRole('cell')).toHaveText([
      systemName,
      '0',
      today(),
      t('healthSystems.table.active'),
      new RegExp(t('healthSystems.table.view')),
    ]);

    // 2. A person registers choosing the new system by its label in their language, activates the account and
    // signs the system's own form, with the fields where they were placed.
    const participantContext = await browser.newContext();
    const participantPage = await participantContext.newPage();
    const email = uniqueEmail(`hsm-${language}`);
    await setLanguage(participantPage, language, baseURL!);
    await participantPage.goto('/register-patient');
    await passCriteria(participantPage, t);
    await passAccount(participantPage, t, email);
    await fillPersonal(participantPage, t, language);
    await chooseHealthSystem(participantPage, t, dropdownLabel);
    await participantPage.getByLabel(t('registration.healthSystemConsent', { name: dropdownLabel })).check();
    await solveCaptcha(participantPage);
    await participantPage.getByRole('button', { name: t('registration.submit') }).click();
    await expect(
      participantPage.getByRole('heading', { level: 2, name: t('registration.steps.activate') }),
    ).toBeVisible();
    await activateThroughLink(participantPage, language, (await activationLinkFor(email)).link);
    await useSignedIn(participantPage, await apiLogin(email, PATIENT_PASSWORD));
    await participantPage.goto('/dashboard');
    const ceremony = participantPage.getByRole('dialog', { name: t('consent.sign.title') });
    await expect(
      ceremony.getByRole('region', { name: t('consent.sign.pageLabel', { page: '1', pages: '1' }) }),
    ).toBeVisible({ timeout: SLOW_STEP_TIMEOUT_MS });
    await expect(
      ceremony.getByRole('checkbox', { name: `${story.agree} (${t('consent.sign.required')})` }),
    ).toBeVisible();
    await expect(ceremony.getByRole('textbox', { name: story.printedName, exact: true })).toBeVisible();
    await expect(ceremony.getByRole('note')).toHaveCount(0);
    // The form is the system's own PDF, under the name it was uploaded with.
    const form = participantPage.waitForEvent('download');
    await ceremony.getByRole('button', { name: t('consent.sign.download') }).click();
    expect((await form).suggestedFilename()).toBe(`${databaseValue}.pdf`);
    await expectNoAxeViolations(participantPage);
    await signCeremony(participantPage, language, ceremony, story.signer);

    // 3. The administrator adds a field to the form and asks the participant who signed it to sign again.
    await systems.getByRole('button', { name: t('healthSystems.table.editOne', { name: systemName }) }).click();
    const edit = page.getByRole('dialog', { name: t('healthSystems.modal.editTitle') });
    await edit
      .getByRole('navigation', { name: t('healthSystems.modal.stepsLabel') })
      .getByRole('button', { name: t('healthSystems.modal.steps.consent') })
      .click();
    const stored = edit.getByRole('region', { name: languageName(language) });
    await expect(stored).toContainText(t('healthSystems.consentStep.version', { version: '1', date: today() }));
    await expect(stored).toContainText(t('healthSystems.consentStep.signedCount', { count: 1 }));
    await expectNoAxeViolations(page);
    await stored.getByRole('button', { name: t('healthSystems.consentStep.addField') }).click();
    const added = page.getByRole('dialog', { name: t('healthSystems.fieldDialog.addTitle') });
    await added
      .getByRole('combobox', { name: t('healthSystems.fieldDialog.type') })
      .selectOption({ label: t('healthSystems.fieldDialog.types.date') });
    await added.getByRole('textbox', { name: t('healthSystems.fieldDialog.description') }).fill(story.signingDate);
    for (const [label, value] of [
      ['healthSystems.fieldDialog.x', '360'],
      ['healthSystems.fieldDialog.y', '170'],
      ['healthSystems.fieldDialog.width', '100'],
      ['healthSystems.fieldDialog.height', '20'],
    ] as const)
      await added.getByRole('spinbutton', { name: t(label) }).fill(value);
    await added.getByRole('checkbox', { name: t('healthSystems.fieldDialog.required') }).check();
    await added.getByRole('button', { name: t('healthSystems.fieldDialog.save') }).click();

    const publish = page.getByRole('dialog', { name: t('healthSystems.publish.title') });
    await expect(publish).toContainText(t('healthSystems.publish.changes.addField', { field: story.signingDate }));
    await expect(publish).toContainText(
      t('healthSystems.publish.nextVersion', { version: '2', language: languageName(language) }),
    );
    const reconsent = publish.getByRole('checkbox', { name: t('healthSystems.publish.reconsent', { count: 1 }) });
    await reconsent.check();
    await expectNoAxeViolations(page);
    await publish.getByRole('button', { name: t('healthSystems.publish.publish') }).click();
    const published = page.getByRole('dialog', { name: t('healthSystems.publish.successTitle') });
    await expect(published.getByRole('status')).toHaveText(t('healthSystems.field.added'));
    await expect(published).toContainText(t('healthSystems.publish.asked', { count: 1 }));
    await expectNoAxeViolations(page);
    await published.getByRole('button', { name: t('healthSystems.publish.ok') }).click();
    await expect(added).toBeHidden();
    await expect(stored).toContainText(t('healthSystems.consentStep.version', { version: '2', date: today() }));
    await expect(stored.getByRole('row').filter({ hasText: story.signingDate })).toBeVisible();

    // 4. At the next sign-in the participant is asked to sign the new version, told what changed.
    await participantPage.getByRole('button', { name: t('shell.profileMenu') }).click();
    await participantPage.getByRole('menuitem', { name: t('shell.logout') }).click();
    await participantPage
      .getByRole('dialog', { name: t('shell.logoutConfirmTitle') })
      .getByRole('button', { name: t('shell.logout') })
      .click();
    await expect(participantPage).toHaveURL(/\/$/);
    await useSignedIn(participantPage, await apiLogin(email, PATIENT_PASSWORD));
    await participantPage.goto('/dashboard');
    await expect(
      ceremony.getByRole('region', { name: t('consent.sign.pageLabel', { page: '1', pages: '1' }) }),
    ).toBeVisible({ timeout: SLOW_STEP_TIMEOUT_MS });
    const notice = ceremony.getByRole('note');
    await expect(notice).toContainText(t('consent.reconsent.notice', { version: '1', date: today() }));
    await expect(notice.getByRole('list', { name: t('consent.reconsent.changesLabel') })).toHaveText(
      t('consent.reconsent.fieldAdded', { field: story.signingDate }),
    );
    await expect(
      ceremony.getByRole('textbox', { name: `${story.signingDate} (${t('consent.sign.required')})` }),
    ).toHaveValue(today());
    await expectNoAxeViolations(participantPage);
    await signCeremony(participantPage, language, ceremony, story.signer);

    await participantPage.getByRole('button', { name: t('shell.profileMenu') }).click();
    await participantPage.getByRole('menuitem', { name: t('shell.myInformedConsent') }).click();
    const signedVersions = participantPage.getByRole('table', { name: t('consent.copy.tableLabel') });
    const versions = signedVersions.getByRole('row').filter({ hasText: story.signer });
    await expect(versions).toHaveCount(2);
    await expect(versions.nth(0).getByRole('cell').first()).toHaveText('2');
    await expect(versions.nth(0).getByRole('cell').nth(2)).toHaveText(today());
    await expect(versions.nth(1).getByRole('cell').first()).toHaveText('1');
    await expect(versions.nth(1).getByRole('cell').nth(2)).toHaveText(today());
    await expectNoAxeViolations(participantPage);
    await participantContext.close();
  });

  test('reads in Spanish: the tab, and the onboarding modal’s steps and their messages', async ({ page, baseURL }) => {
    // A few steps, each with its accessibility check: on two busy cores this has taken over a minute.
    test.setTimeout(120_000);
    const t = textsIn('sp');
    const languageName = (l: Language) => t(`healthSystems.languageNames.${l}`);
    const run = Date.now().toString(36);
    const { modal } = await openOnboarding(page, baseURL!, 'sp');
    await modal
      .getByRole('textbox', { name: t('healthSystems.basic.name'), exact: true })
      .fill(`Clínica Renal del Valle ${run}`);
    await modal
      .getByRole('textbox', { name: t('healthSystems.basic.description'), exact: true })
      .fill('Clínicas de nefrología del valle, incorporadas al estudio de investigación renal.');
    await modal.getByRole('button', { name: t('healthSystems.modal.next') }).click();

    await expect(modal.getByRole('status').filter({ hasText: t('healthSystems.basicValid') })).toBeVisible();
    await expect(modal.getByText(t('healthSystems.modal.progress', { step: '2', total: '3' }))).toBeVisible();
    await modal
      .getByRole('textbox', { name: t('healthSystems.system.databaseValue'), exact: true })
      .fill(`valle_${run}`);
    for (const [l, label] of [
      ['en', 'Valley Kidney Clinic'],
      ['sp', 'Clínica Renal del Valle'],
    ] as const)
      await modal
        .getByRole('textbox', { name: t('healthSystems.system.label', { language: languageName(l) }), exact: true })
        .fill(`${label} ${run}`);
    await expectNoAxeViolations(page);
    await modal.getByRole('button', { name: t('healthSystems.modal.next') }).click();

    await expect(modal.getByRole('status').filter({ hasText: t('healthSystems.systemValid') })).toBeVisible();
    await expect(modal.getByText(t('healthSystems.modal.progress', { step: '3', total: '3' }))).toBeVisible();
    for (const l of ['en', 'sp'] as const)
      await expect(modal.getByRole('region', { name: languageName(l) })).toContainText(
        t('healthSystems.consentStep.defaultNotice'),
      );
    await expectNoAxeViolations(page);
    // Closed before registering: nothing is saved.
    await modal
      .getByRole('button', { name: t('healthSystems.modal.close') })
      .first()
      .click();
    await expect(modal).toBeHidden();
  });
});
