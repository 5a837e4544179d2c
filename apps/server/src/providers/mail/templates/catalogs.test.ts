import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTACT } from '@portal/shared/client-config';
import type { Language } from '@portal/shared/constants';
import { LEAVABLE_MAIL_CATEGORIES } from '@portal/shared/mail/categories';
import { pluralFormProblems, withoutPluralForm } from '@portal/shared/i18n/catalog-check';
import { STAFF_ROLES } from '@portal/shared/staff/roles';
import { flattenCatalog, placeholdersOf } from '@portal/shared/i18n/flatten';
import { activationMail } from './activation';
import { consentSignedMail, withdrawnMail } from './consent';
import { emailCodeMail } from './login-code';
import { oneTimeInvitationMail } from './one-time-invitation';
import { passwordChangedMail, passwordResetMail } from './password';
import { consentReminderMail, surveyReminderMail } from './reminders';
import { renderMail } from './render';
import { staffFactorsResetMail } from './staff-factors-reset';
import { staffInvitationMail } from './staff-invitation';
import { studyNoticeMail } from './study-notice';
import en from './en.json';
import sp from './sp.json';

const flatEn = flattenCatalog(en);
const flatSp = flattenCatalog(sp);

const PLURAL_PROBE = /_(zero|one|two|few|many|other)$/;

/**
 * The keys the templates read from `catalog`, and those they ask for that it lacks, found by watching each of its
 * sections as the e-mails are written. Asking whether a plural form exists (`expiry_zero`) is not a read.
 */
function watch(catalog: Record<string, unknown>) {
  const read = new Set<string>();
  const lacking = new Set<string>();
  for (const [section, texts] of Object.entries(catalog)) {
    catalog[section] = new Proxy(texts as Record<string, unknown>, {
      get(target, name, receiver) {
        const key = `${section}.${String(name)}`;
        if (typeof target[String(name)] === 'string') read.add(withoutPluralForm(key));
        else if (typeof name === 'string' && !PLURAL_PROBE.test(name)) lacking.add(key);
        return Reflect.get(target, name, receiver) as unknown;
      },
    });
  }
  return { read, lacking };
}
const watched = { en: watch(en), sp: watch(sp) };

/** Every e-mail the portal sends, in each of its variants, laid out: together they read every text. */
function writeEveryMail(language: Language) {
  const firstName = 'Ana';
  const link = 'https://portal.example.org/login';
  const mails = [
    activationMail(language, { firstName, link, expiresOn: '05/30/2026' }),
    activationMail(language, { firstName, link, expiresOn: '05/30/2026' }, 'activationReminder'),
    emailCodeMail('loginCode', language, { firstName, code: '048213', minutes: 10 }),
    emailCodeMail('consentCode', language, { firstName, code: '048213', minutes: 10 }),
    passwordResetMail(language, { firstName, link, minutes: 60 }),
    passwordChangedMail(language, { firstName }),
    passwordChangedMail(language, { firstName, keptThisSession: true }),
    consentSignedMail(language, { firstName, date: '05/01/2026' }),
    withdrawnMail(language, { firstName, date: '05/01/2026' }),
    consentReminderMail(language, { firstName, link }),
    consentReminderMail(language, { firstName, link, updatedForm: true }),
    surveyReminderMail(language, { firstName, link, closesOn: '05/30/2026' }),
    oneTimeInvitationMail(language, {
      firstName,
      survey: 'Diet check',
      opensOn: '05/01/2026',
      closesOn: '05/30/2026',
      link,
    }),
    ...STAFF_ROLES.map((role) => staffInvitationMail(language, { firstName, role, link, days: 7 })),
    staffFactorsResetMail(language, { firstName, link }),
    studyNoticeMail(language, { firstName, title: 'Clinic hours', body: 'Open on Saturdays.', link }),
  ];
  for (const mail of mails) renderMail(language, mail, DEFAULT_CONTACT);
  // The footer of each category one may leave, with its unsubscribe link.
  for (const category of LEAVABLE_MAIL_CATEGORIES)
    renderMail(language, mails[0]!, DEFAULT_CONTACT, { category, url: link });
}

describe('mail catalogs', () => {
  it('have the same keys in English and Spanish', () => {
    expect(Object.keys(flatSp).sort()).toEqual(Object.keys(flatEn).sort());
  });

  it('keep the same {{placeholders}} in both languages', () => {
    for (const [key, text] of Object.entries(flatEn)) {
      expect(placeholdersOf(flatSp[key]), key).toEqual(placeholdersOf(text));
    }
  });

  it('have no empty text', () => {
    for (const [key, text] of [...Object.entries(flatEn), ...Object.entries(flatSp)]) {
      expect(typeof text === 'string' && text.trim() !== '', key).toBe(true);
    }
  });

  it("hold each plural text in every form of its language's rules", () => {
    expect(pluralFormProblems('en', Object.keys(flatEn))).toEqual([]);
    expect(pluralFormProblems('sp', Object.keys(flatSp))).toEqual([]);
  });

  it.each(['en', 'sp'] as const)('in %s hold every text the e-mails ask for, and only those', (language) => {
    writeEveryMail(language);
    const { read, lacking } = watched[language];
    expect([...lacking]).toEqual([]);
    const catalog = language === 'en' ? flatEn : flatSp;
    const unread = [...new Set(Object.keys(catalog).map(withoutPluralForm))].filter((key) => !read.has(key));
    expect(unread).toEqual([]);
  });
});
