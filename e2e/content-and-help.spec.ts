import type { Page } from '@playwright/test';
import studyPagesEn from '../packages/shared/src/content/study-pages/education.en.json' with { type: 'json' };
import studyPagesSp from '../packages/shared/src/content/study-pages/education.sp.json' with { type: 'json' };
import researchEn from '../packages/shared/src/content/study-pages/research.en.json' with { type: 'json' };
import researchSp from '../packages/shared/src/content/study-pages/research.sp.json' with { type: 'json' };
import supportEn from '../packages/shared/src/content/study-pages/support-programs.en.json' with { type: 'json' };
import supportSp from '../packages/shared/src/content/study-pages/support-programs.sp.json' with { type: 'json' };
import { expect, expectNoAxeViolations, setLanguage, type Language, PHONE } from './fixtures';
import { test } from './signed-in';
import { text, textsIn } from './texts';

const PAGES = {
  en: { '/education': studyPagesEn, '/research': researchEn, '/support-programs': supportEn },
  sp: { '/education': studyPagesSp, '/research': researchSp, '/support-programs': supportSp },
};
/** The contact settings seeded on first start. */
const CONTACT = { phone: '1-800-555-0100', extension: '100', email: 'study@example.org' };

const article = (language: Language, id: string) => PAGES[language]['/education'].articles.find((a) => a.id === id)!;

async function openHelp(page: Page, language: Language) {
  await page.getByRole('button', { name: text(language, 'help.toggle') }).click();
  const window = page.getByRole('dialog', { name: text(language, 'help.title') });
  await expect(window.getByRole('textbox', { name: text(language, 'help.questionLabel') })).toBeFocused();
  return window;
}

/** A participant's home page in their language, with the help window open. */
async function openHelpSignedIn(
  page: Page,
  baseURL: string,
  language: Language,
  signIn: (role: 'patient') => Promise<unknown>,
) {
  await setLanguage(page, language, baseURL);
  await signIn('patient');
  await page.goto('/dashboard');
  return openHelp(page, language);
}

async function ask(window: ReturnType<Page['getByRole']>, language: Language, question: string) {
  await window.getByRole('textbox', { name: text(language, 'help.questionLabel') }).fill(question);
  await window.getByRole('textbox', { name: text(language, 'help.questionLabel') }).press('Enter');
  return window.getByRole('log');
}

// The study pages in English on a desktop and in Spanish on a phone, each journey visiting the three.
for (const [language, phone] of [
  ['en', false],
  ['sp', true],
] as const) {
  const t = textsIn(language);
  test(`the study pages read in ${language}, each with links to the others (${phone ? 'phone' : 'desktop'})`, async ({
    page,
    baseURL,
    signIn,
  }) => {
    if (phone) await page.setViewportSize(PHONE);
    await setLanguage(page, language, baseURL!);
    await signIn('patient');
    for (const [path, content] of Object.entries(PAGES[language])) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: content.title })).toBeVisible();
      const sections = page.getByRole('navigation', { name: t('content.studyInformation') });
      await expect(sections.getByRole('link', { name: content.title })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(content.articles.length);
      await expectNoAxeViolations(page);
    }
  });
}

test('a section link of a study page scrolls to its article and focuses it', async ({ page, baseURL, signIn }) => {
  const language: Language = 'en';
  const t = textsIn(language);
  await setLanguage(page, language, baseURL!);
  await signIn('patient');
  await page.goto('/education');
  const hemodialysis = article(language, 'hemodialysis');
  await page.getByRole('link', { name: hemodialysis.title, exact: true }).click();
  await expect(page).toHaveURL(/\/education#hemodialysis$/);
  await expect(page.getByRole('heading', { level: 2, name: hemodialysis.title })).toBeFocused();
  await page
    .getByRole('navigation', { name: t('content.studyInformation') })
    .getByRole('link', { name: PAGES[language]['/research'].title })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: PAGES[language]['/research'].title })).toBeVisible();
});

test('the help assistant answers with the page that answers, and closes with Escape', async ({
  page,
  baseURL,
  signIn,
}) => {
  const language: Language = 'en';
  const t = textsIn(language);
  const window = await openHelpSignedIn(page, baseURL!, language, signIn);
  await expect(window).toContainText(t('help.greeting'));
  await expectNoAxeViolations(page);

  const log = await ask(window, language, 'what is a fistula in my arm for');
  const hemodialysis = article(language, 'hemodialysis');
  await expect(log).toContainText(hemodialysis.summary);
  await expectNoAxeViolations(page);

  await log.getByRole('link', { name: t('help.readMore', { title: hemodialysis.title }) }).click();
  await expect(page).toHaveURL(/\/education#hemodialysis$/);
  await expect(page.getByRole('heading', { level: 2, name: hemodialysis.title })).toBeFocused();

  // The conversation follows the person to the new page; Escape closes and gives focus back to the toggle.
  await expect(window.getByRole('log')).toContainText(hemodialysis.summary);
  await window.getByRole('textbox', { name: t('help.questionLabel') }).press('Escape');
  await expect(window).toBeHidden();
  await expect(page.getByRole('button', { name: t('help.toggle') })).toBeFocused();
  await expect(page.getByRole('button', { name: t('help.toggle') })).toHaveAttribute('aria-expanded', 'false');
});

// The contact page and the help assistant's answer when it does not know differ by language: both are walked in each.
for (const language of ['en', 'sp'] as const) {
  const t = textsIn(language);

  test(`the contact page shows the study team's phone, both hours, e-mail and help desk (${language})`, async ({
    page,
    baseURL,
    signIn,
  }) => {
    await setLanguage(page, language, baseURL!);
    await signIn('patient');
    await page.goto('/dashboard');
    await page
      .getByRole('navigation', { name: t('shell.mainNavigation') })
      .getByRole('link', { name: t('nav.contactUs') })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: t('pages.contactUs') })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: CONTACT.phone })).toHaveAttribute('href', `tel:${CONTACT.phone}`);
    await expect(main).toContainText(t('contact.extension', { extension: CONTACT.extension }));
    await expect(main).toContainText(
      language === 'en' ? 'Monday to Friday, 10am to 4pm Central' : 'De lunes a viernes, de 10 a. m. a 4 p. m.',
    );
    await expect(main).toContainText(
      language === 'en' ? 'Monday to Friday, 9am to 7pm CT' : 'De lunes a viernes, de 9 a. m. a 7 p. m.',
    );
    await expect(main.getByRole('link', { name: CONTACT.email })).toHaveAttribute('href', `mailto:${CONTACT.email}`);
    const helpDesk = main.getByRole('link', { name: new RegExp(t('contact.helpDeskLink').replace(/[()]/g, '\\$&')) });
    await expect(helpDesk).toHaveAttribute('target', '_blank');
    await expect(helpDesk).toHaveAttribute('hreflang', 'en');
    await expectNoAxeViolations(page);
  });

  test(`the help assistant says when it does not know and gives the team's details (${language})`, async ({
    page,
    baseURL,
    signIn,
  }) => {
    const window = await openHelpSignedIn(page, baseURL!, language, signIn);
    await expect(window).toContainText(t('help.greeting'));
    const unknown = await ask(
      window,
      language,
      language === 'en' ? 'who won the football game' : 'quien gano el partido',
    );
    await expect(unknown).toContainText(t('help.notKnown'));
    await expect(unknown.getByRole('link', { name: CONTACT.phone }).last()).toHaveAttribute(
      'href',
      `tel:${CONTACT.phone}`,
    );

    // The footer: the English help desk, or the study e-mail in Spanish (the help desk is English only).
    if (language === 'en')
      await expect(window.getByRole('link', { name: /help desk/i })).toHaveAttribute('target', '_blank');
    else
      await expect(window.getByRole('link', { name: new RegExp(CONTACT.email) }).last()).toHaveAttribute(
        'href',
        `mailto:${CONTACT.email}`,
      );
    await expectNoAxeViolations(page);
  });
}

test('a visitor on a phone asks in Spanish and is taken to the FAQ answer, opened', async ({ page, baseURL }) => {
  await page.setViewportSize(PHONE);
  await setLanguage(page, 'sp', baseURL!);
  await page.goto('/');
  const window = await openHelp(page, 'sp');
  const log = await ask(window, 'sp', '¿Cuesta algo participar?');
  await expect(log.getByRole('link', { name: /¿Tiene algún costo participar\?/ }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await log
    .getByRole('link', { name: /¿Tiene algún costo participar\?/ })
    .first()
    .click();
  // On a phone the window covered the page: following the answer closes it.
  await expect(window).toBeHidden();
  await expect(page).toHaveURL(/\/#faq-cost$/);
  const question = page.getByRole('button', { name: '¿Tiene algún costo participar?' });
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(question).toBeFocused();
});

test('an urgent question puts 911 and 988 first', async ({ page }) => {
  await page.goto('/');
  const window = await openHelp(page, 'en');
  const log = await ask(window, 'en', 'I have chest pain and cannot breathe');
  await expect(log.getByRole('link', { name: '911' })).toHaveAttribute('href', 'tel:911');
  await expect(log.getByRole('link', { name: '988' })).toHaveAttribute('href', 'tel:988');
  await expectNoAxeViolations(page);
});
