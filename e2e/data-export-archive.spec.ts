import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { LIST_EXPORT_RUNS, runHasEnded, type TExportRun } from '../packages/shared/src/data-export/export-runs';
import {
  POST_PARTICIPANTS_SEARCH,
  type TParticipantSearchResult,
} from '../packages/shared/src/participants/participants';
import { ADMIN, apiLogin, createPatient, type TokenPair } from './accounts';
import { expect, expectNoAxeViolations, SLOW_STEP_TIMEOUT_MS, test, type Language } from './fixtures';
import { adminCall, signInAdmin } from './settings-editors';
import { textsIn, type Texts } from './texts';

/** Files each format writes, which the archive's README lists with their SHA-256 checksums. */
const LISTED_FILES = ['redcap/data-dictionary.csv', 'fhir/Questionnaire.ndjson', 'data/datapackage.json'];
const QUESTIONNAIRE = { formKey: 'health-status', version: 1, title: { en: 'Health status', sp: 'Estado de salud' } };
/** `study-data-deidentified-<date in the study time zone>-<the run's id, first 8 digits>.zip` */
const DEIDENTIFIED_ARCHIVE_NAME = /^study-data-deidentified-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.zip$/;
/** The participant the portal seeds for the demo (SEED_DEMO, apps/server/src/db/seed-data.ts). */
const DEMO_PATIENT_EMAIL = 'demo.patient@example.org';
/** How a de-identified archive names a participant: "p-" and 16 hexadecimal digits, drawn for that run alone. */
const PSEUDONYM = /^p-[0-9a-f]{16}$/;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Waits until none of the administrator's archives is queued or running: they may have one under way at a time,
 * and a retried journey may find the run of its first attempt still being written.
 */
async function waitForRunsToEnd(admin: TokenPair) {
  const underWay = async () =>
    (await adminCall<TExportRun[]>(admin, 'GET', LIST_EXPORT_RUNS.path)).filter((run) => !runHasEnded(run.status))
      .length;
  await expect
    .poll(underWay, { message: "the administrator's archives under way", timeout: SLOW_STEP_TIMEOUT_MS })
    .toBe(0);
}

/** A participant's user ID, found as the Participants tab finds them: by their e-mail address. */
async function participantIdOf(admin: TokenPair, email: string) {
  const found = await adminCall<TParticipantSearchResult>(admin, 'POST', POST_PARTICIPANTS_SEARCH.path, {
    query: email,
  });
  expect(found.results, `the participant ${email}`).toHaveLength(1);
  return found.results[0]!.id;
}

/** Opens the Data Export tab at its archive section, once its questionnaires are there. */
async function openArchiveSection(page: Page, t: Texts) {
  await page.goto('/system-options?tab=data-export');
  // The first page of the session just stored: the portal's scripts and the tab load on demand (heavy work).
  await expect(page.getByRole('heading', { level: 2, name: t('systemOptions.tabs.dataExport') })).toBeVisible({
    timeout: SLOW_STEP_TIMEOUT_MS,
  });
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
 * Watches the newest archive (the first listed) until it is ready: when first seen, under way with its progress bar
 * named and valued in words (or ready already, with none); then Ready with its checksum and no progress bar.
 */
async function watchUntilReady(section: Locator, t: Texts) {
  const archives = section.getByRole('region', { name: t('dataExport.archive.runs.title') });
  const newest = archives.getByRole('article').first();
  // Its status, announced as it changes (the download's own status region below says nothing until pressed).
  const status = newest.getByRole('status').filter({ hasText: /\S/ });
  const progress = newest.getByRole('progressbar', { name: t('dataExport.archive.run.progress') });
  const ready = t('dataExport.archive.run.status.done');
  const underWay = ['queued', 'running'].map((key) => t(`dataExport.archive.run.status.${key}`));
  await expect(status).toHaveText(new RegExp(`^(${[...underWay, ready].map(escapeRegExp).join('|')})$`));
  // The list is looked at again every second and a small run is written in about as long, so the status and the
  // progress bar are read at one moment: two checks one after the other could each see a different state.
  const seen = await newest.evaluate((article) => {
    const bar = article.querySelector('[role="progressbar"]');
    return {
      status: article.querySelector('[role="status"]')?.textContent,
      progress: bar && { name: bar.getAttribute('aria-label'), value: bar.getAttribute('aria-valuetext') },
    };
  });
  if (seen.status === ready) expect(seen.progress).toBeNull();
  else
    expect(seen.progress).toEqual({ name: t('dataExport.archive.run.progress'), value: expect.stringMatching(/\S/) });
  await expect(status).toHaveText(ready, { timeout: SLOW_STEP_TIMEOUT_MS });
  await expect(progress).toHaveCount(0);
  await expect(newest.getByText(t('dataExport.archive.run.sha256'), { exact: true })).toBeVisible();
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

// Both journeys are the one administrator's, who may have one archive under way at a time: one after the other.
test.describe.configure({ mode: 'serial' });

for (const language of ['en', 'sp'] as const) {
  test(`an administrator prepares a de-identified archive for research platforms and downloads it (${language})`, async ({
    page,
    baseURL,
  }) => {
    // About 40 s alone, most of it the tab's first load and two accessibility checks of a long page; on two cores
    // shared with other work those have taken half as long again (as in data-export.spec.ts).
    test.setTimeout(90_000);
    const t = textsIn(language);
    // A participant who signed consent: the consent register has at least one signature.
    const patient = await createPatient(language, 'archive');
    // Signed in just now with a passkey: the second factor is recent, so the download asks no "Confirm it's you".
    const admin = await apiLogin(ADMIN.email, ADMIN.password);
    await signInAdmin(page, baseURL!, language, admin);
    // A retry may start while the first attempt's run is still being written, which a new run would be refused for.
    await waitForRunsToEnd(admin);
    const section = await openArchiveSection(page, t);
    await expectNoAxeViolations(page);

    // No format ticked: the page names the rule under Formats, announced, and the first format takes the focus.
    await questionnaireBox(section, t, language).check();
    await section.getByRole('checkbox', { name: t('dataExport.consentRegister.title'), exact: true }).check();
    // Every participant's study status: the seeded demo patient and this journey's participant are in the archive.
    await section.getByRole('checkbox', { name: t('dataExport.archive.registers.studyStatus'), exact: true }).check();
    const form = section.getByRole('form', { name: t('dataExport.archive.formLabel') });
    const prepare = form.getByRole('button', { name: t('dataExport.archive.prepare') });
    await prepare.click();
    const noFormat = t('dataExport.run.error.noFormat');
    await expect(form.getByRole('alert')).toHaveText(noFormat);
    const formats = form.getByRole('group', { name: t('dataExport.archive.formats.legend') });
    await expect(formats).toHaveAccessibleDescription(noFormat);
    await expect(formats.getByRole('checkbox').first()).toBeFocused();

    for (const format of ['dataPackage', 'redcap', 'fhir'])
      await formats.getByRole('checkbox', { name: t(`dataExport.archive.formats.${format}`) }).check();
    await expect(form.getByRole('alert')).toHaveCount(0);
    const identity = form.getByRole('radiogroup', { name: t('dataExport.archive.identity.label') });
    await identity.getByRole('radio', { name: t('dataExport.identity.deidentified'), exact: true }).check();
    await prepare.click();
    await expect(form.getByRole('status')).toHaveText(t('dataExport.archive.started'));

    const archive = await watchUntilReady(section, t);
    await expect(archive.getByText(t('dataExport.identity.deidentified'), { exact: true })).toBeVisible();
    await expect(archive.getByText(t('dataExport.archive.run.allDates'), { exact: true })).toBeVisible();
    const { name, files } = await downloadArchive(page, archive, t);
    expect(name).toMatch(DEIDENTIFIED_ARCHIVE_NAME);
    expect(files['README.md'], 'the archive holds a README.md').toBeDefined();
    const readme = strFromU8(files['README.md']!);
    // Each listed file with the SHA-256 of the bytes the archive holds for it.
    for (const listed of LISTED_FILES) {
      expect(files[listed], `the archive holds ${listed}`).toBeDefined();
      const sha256 = createHash('sha256').update(files[listed]!).digest('hex');
      expect(readme, `the README lists ${listed} with its SHA-256`).toMatch(
        new RegExp(`^\\| \`${escapeRegExp(listed)}\` \\|.*\\| \`${sha256}\` \\|$`, 'm'),
      );
    }
    // The de-identification rules it was written by: ages of 90 and over top-coded, small ZIP areas as 000.
    expect(readme).toContain('De-identified: the identifiers HIPAA Safe Harbor lists are removed');
    expect(readme).toContain('"90+"');
    expect(readme).toContain('"000"');

    // Each participant under a pseudonym: none of the files holds a participant's e-mail address or user ID.
    const studyStatus = files['data/study-status.csv'];
    expect(studyStatus, 'the archive holds data/study-status.csv').toBeDefined();
    const [header, ...rows] = strFromU8(studyStatus!).split(/\r?\n/).filter(Boolean);
    expect(header?.split(',')[0]).toBe('participantPseudonym');
    expect(rows.length, 'study-status.csv has the demo patient and this participant').toBeGreaterThanOrEqual(2);
    for (const row of rows) expect(row.split(',')[0]).toMatch(PSEUDONYM);
    for (const email of [DEMO_PATIENT_EMAIL, patient.email]) {
      const id = await participantIdOf(admin, email);
      for (const [path, bytes] of Object.entries(files)) {
        const content = strFromU8(bytes);
        // Not the file's text in the report: a failure would print the very data this keeps out.
        expect(content.includes(email), `${path} holds no participant's e-mail address`).toBe(false);
        expect(content.includes(id), `${path} holds no participant's user ID`).toBe(false);
      }
    }

    // Checked from the top: scrolled down, a button half under the sticky header counts as a small target.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoAxeViolations(page);
  });
}
