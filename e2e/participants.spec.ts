import type { Page } from '@playwright/test';
import { call, createPatient, registerPatient } from './accounts';
import { activationLinkFor, expect, expectNoAxeViolations, setLanguage, test, type Language } from './fixtures';
import { createStaffMember, staffSignsIn, systemOptionsSidebar } from './staff-accounts';
import { mailText, textsIn } from './texts';

/** The participants registerPatient and createPatient make in Spanish. */
const PARTICIPANT_NAME = 'Lucía Ramírez';

/** Searches the Participants tab for an address and opens the one participant found. */
async function openParticipant(page: Page, language: Language, email: string) {
  const t = textsIn(language);
  const search = page.getByRole('search', { name: t('participantView.search.label') });
  await search.getByRole('textbox', { name: t('participantView.search.field') }).fill(email);
  await search.getByRole('button', { name: t('participantView.search.submit') }).click();
  await expect(
    page.getByRole('status').filter({ hasText: t('participantView.search.found', { count: 1 }) }),
  ).toBeVisible();
  const row = page
    .getByRole('table', { name: t('participantView.results.title') })
    .getByRole('row')
    .filter({ hasText: email });
  return {
    row,
    open: async () => {
      await row.getByRole('button', { name: PARTICIPANT_NAME }).click();
      await expect(page.getByRole('heading', { level: 3, name: PARTICIPANT_NAME })).toBeVisible();
    },
  };
}

test('the help desk finds a participant awaiting activation and sends the activation e-mail again (sp)', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const language: Language = 'sp';
  const t = textsIn(language);
  const [helpDesk, awaiting, consented] = await Promise.all([
    createStaffMember('helpDesk', language, 'help-desk'),
    registerPatient(language, 'awaiting-activation'),
    createPatient(language, 'signed-consent'),
  ]);
  const first = await activationLinkFor(awaiting.email);

  // The help desk signs in; Participants is the one tab their role opens.
  await setLanguage(page, language, baseURL!);
  await staffSignsIn(page, language, helpDesk);
  await expect(systemOptionsSidebar(page, language).getByRole('link')).toHaveText([
    t('systemOptions.tabs.participants'),
  ]);
  await expect(page.getByRole('heading', { level: 2, name: t('systemOptions.tabs.participants') })).toBeVisible();
  await expectNoAxeViolations(page);

  // An empty search is refused under the box.
  const search = page.getByRole('search', { name: t('participantView.search.label') });
  await search.getByRole('button', { name: t('participantView.search.submit') }).click();
  await expect(search.getByRole('alert').filter({ hasText: t('participantView.errors.searchRequired') })).toBeVisible();
  await expectNoAxeViolations(page);

  // By e-mail: the participant awaiting activation, and their view.
  const found = await openParticipant(page, language, awaiting.email);
  await expect(found.row).toContainText(t('participantView.state.pendingActivation'));
  await expectNoAxeViolations(page);
  await found.open();
  const account = page.getByRole('region', { name: t('participantView.account.title') });
  await expect(account).toContainText(t('participantView.state.pendingActivation'));
  await expect(account).toContainText(t('participantView.account.notYet'));
  await expect(page.getByText(t('participantView.consent.none'))).toBeVisible();
  await expectNoAxeViolations(page);

  // Resend activation: said done, and a new activation e-mail with a fresh link arrives in their language.
  const actions = page.getByRole('group', { name: t('participantView.actions.label') });
  await actions.getByRole('button', { name: t('participantView.actions.resend') }).click();
  await expect(
    page.getByRole('status').filter({ hasText: t('participantView.messages.activationResent') }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  const second = await activationLinkFor(awaiting.email, 2);
  expect(second.subject).toBe(mailText(language, 'activation.subject'));
  expect(second.link).not.toBe(first.link);
  const activation = await call<{ status: boolean }>(`/registrationConfirm${new URL(second.link).search}`);
  expect(activation.body.status, 'the new link activates the account').toBe(true);

  // A participant who signed consent: their signatures are listed, with no way for the help desk to open a copy.
  await page.getByRole('button', { name: t('participantView.back') }).click();
  const other = await openParticipant(page, language, consented.email);
  await expect(other.row).toContainText(t('participantView.state.active'));
  await other.open();
  const signatures = page.getByRole('table', { name: t('participantView.consent.title') });
  await expect(signatures.getByRole('row')).toHaveCount(2);
  await expect(signatures.getByRole('columnheader', { name: t('participantView.consent.copy') })).toHaveCount(0);
  await expect(page.getByRole('button', { name: t('participantView.consent.view') })).toHaveCount(0);
  await expect(actions.getByRole('button', { name: t('participantView.actions.resend') })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
