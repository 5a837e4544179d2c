import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { ADMIN, apiLogin, createPatient } from './accounts';
import { expect, expectNoAxeViolations, SLOW_STEP_TIMEOUT_MS, test, type Language } from './fixtures';
import { signInAdmin } from './settings-editors';
import { textsIn, type Texts } from './texts';

/** Files each format writes, which the archive's README lists with their SHA-256 checksums. */
const LISTED_FILES = ['redcap/data-dictionary.csv', 'fhir/Questionnaire.ndjson', 'data/datapackage.json'];
const QUESTIONNAIRE = { formKey: 'health-status', version: 1, title: { en: 'Health status', sp: 'Estado de salud' } };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Opens the Data Export tab at its archive section, once its questionnaires are there. */
async function openArchiveSection(page: Page, t: Texts) {
  await page.goto('/system-options?tab=data-export');
  await expect(page.getByRole('heading', { level: 2, name: t('systemOptions.tabs.dataExport') })).toBeVisible();
  const section = page.getByRole('region', { name: t('dataExport.archive.title') });
  await expect(section.getByRole('heading', { level: 3, name: t('dataExport.archive.title') })).toBeVisible();
  await expect(section.getByRole('checkbox', { name: t('dataExport.archive.forms.selectAll') })).toBeVisible();
  return section;
}

/** The questionnaire's check box, whatever its count of submitted responses. */
function questionnaireBox(section: Locator, t: Texts, language: Language) {
  const label = t('dataExport.instrumentOption', {
    title: QUESTIONNAIRE.title[language],
    version: QUESTIONNAIRE.version,
    count: 2,
  });
  // "Health status — version 1" and whatever follows it: the count changes as other journeys answer.
  const start = label.slice(0, label.lastIndexOf(' ('));
  return section.getByRole('checkbox', { name: new RegExp(`^${escapeRegExp(start)} \\(`) });
}

/**
 * Watches the newest archive (the first listed) until it is ready: queued or running first, its progress bar
 * named and valued in words while it runs, then Ready with its download.
 */
async function watchUntilReady(section: Locator, t: Texts) {
  const archives = section.getByRole('region', { name: t('dataExport.archive.runs.title') });
  const newest = archives.getByRole('article').first();
  const status = newest.getByRole('status');
  const statuses = ['queued', 'running', 'done'].map((key) => t(`dataExport.archive.run.status.${key}`));
  await expect(status).toHaveText(new RegExp(`^(${statuses.map(escapeRegExp).join('|')})$`));
  const progress = newest.getByRole('progressbar', { name: t('dataExport.archive.run.progress') });
  if (await progress.isVisible()) {
    await expect(progress).toHaveAttribute('aria-valuetext', /.+/);
  }
  await expect(status).toHaveText(t('dataExport.archive.run.status.done'), { timeout: SLOW_STEP_TIMEOUT_MS });
  await expect(progress).toHaveCount(0);
  await expect(newest.getByText(t('dataExport.archive.run.sha256'))).toBeVisible();
  return newest;
}

/** Presses Download archive and answers the saved file's name and the zip's files. */
async function downloadArchive(page: Page, archive: Locator, t: Texts) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    archive.getByRole('button', { name: t('dataExport.archive.run.download') }).click(),
  ]);
  const zip = unzipSync(new Uint8Array(await readFile((await file.path())!)));
  return { name: file.suggestedFilename(), files: zip };
}

// One administrator asks for both: a second archive is refused while the first is being prepared.
test.describe.configure({ mode: 'serial' });

for (const language of ['en', 'sp'] as const) {
  test(`an administrator prepares a de-identified archive for research platforms and downloads it (${language})`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const t = textsIn(language);
    // A participant who signed consent: the consent register has at least one signature.
    await createPatient(language, 'archive');
    await signInAdmin(page, baseURL!, language, await apiLogin(ADMIN.email, ADMIN.password));
    const section = await openArchiveSection(page, t);
    await expectNoAxeViolations(page);

    await questionnaireBox(section, t, language).check();
    await section.getByRole('checkbox', { name: t('dataExport.consentRegister.title'), exact: true }).check();
    for (const format of ['dataPackage', 'redcap', 'fhir'])
      await section.getByRole('checkbox', { name: t(`dataExport.archive.formats.${format}`) }).check();
    const identity = section.getByRole('radiogroup', { name: t('dataExport.archive.identity.label') });
    await identity.getByRole('radio', { name: t('dataExport.identity.deidentified'), exact: true }).check();
    await section.getByRole('button', { name: t('dataExport.archive.prepare') }).click();
    await expect(section.getByText(t('dataExport.archive.started'))).toBeVisible();

    const archive = await watchUntilReady(section, t);
    await expect(archive.getByText(t('dataExport.identity.deidentified'), { exact: true })).toBeVisible();
    await expect(archive.getByText(t('dataExport.archive.run.allDates'))).toBeVisible();
    const { name, files } = await downloadArchive(page, archive, t);
    expect(name).toMatch(/\.zip$/);
    const readme = Object.keys(files).find((path) => path === 'README.md' || path.endsWith('/README.md'));
    expect(readme, 'the archive holds a README.md').toBeDefined();
    const text = strFromU8(files[readme!]!);
    for (const listed of LISTED_FILES) {
      expect(text, `the README lists ${listed}`).toContain(listed);
      expect(
        Object.keys(files).some((path) => path === listed || path.endsWith(`/${listed}`)),
        `the archive holds ${listed}`,
      ).toBe(true);
    }
    expect(text).toContain('SHA-256');

    // Checked from the top: scrolled down, a button half under the sticky header counts as a small target.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoAxeViolations(page);
  });
}
