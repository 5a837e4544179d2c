import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTACT } from '@portal/shared/client-config';
import { flattenCatalog } from '@portal/shared/i18n/flatten';
import { activationMail } from './activation';
import { consentReminderMail, surveyReminderMail } from './reminders';
import { renderMail } from './render';
import en from './en.json';
import sp from './sp.json';

const ACTIVATION_LINK =
  'https://portal.example.org/registration-confirm?token=abc-123_XYZ&id=7d0c8f6e-0000-4000-8000-000000000001';
const LOGIN_LINK = 'https://portal.example.org/login';

const sectionKeys = (catalog: Record<string, unknown>, section: string) =>
  Object.keys(flattenCatalog({ [section]: catalog[section] })).sort();

describe('the reminder catalogs', () => {
  it.each(['activationReminder', 'consentReminder', 'surveyReminder'])(
    '%s has the same keys in English and Spanish',
    (section) => {
      const keys = sectionKeys(en, section);
      expect(keys.length).toBeGreaterThan(0);
      expect(sectionKeys(sp, section)).toEqual(keys);
    },
  );
});

describe('the activation reminder', () => {
  it.each([
    [
      'en',
      'Reminder: activate your Kidney Research Study account',
      'Hello Ana,',
      'Activate my account',
      'This link can be used once and expires on 05/30/2026.',
      'If you did not register, you can ignore this e-mail: no account will be activated.',
    ],
    [
      'sp',
      'Recordatorio: active su cuenta del Estudio de Investigación Renal',
      'Hola, Ana:',
      'Activar mi cuenta',
      'Este enlace se puede usar una sola vez y vence el 05/30/2026.',
      'Si usted no se registró, puede ignorar este correo: no se activará ninguna cuenta.',
    ],
  ] as const)(
    'in %s: subject, fresh link as the action, expiry date, ignore line',
    (language, subject, hello, button, expiry, ignore) => {
      const content = activationMail(
        language,
        { firstName: 'Ana', link: ACTIVATION_LINK, expiresOn: '05/30/2026' },
        'activationReminder',
      );
      expect(content.subject).toBe(subject);
      expect(content.greeting).toBe(hello);
      expect(content.action).toEqual({ label: button, url: ACTIVATION_LINK });
      expect(content.after).toEqual([expiry, ignore]);

      const mail = renderMail(language, content, DEFAULT_CONTACT);
      expect(mail.subject).toBe(subject);
      expect(mail.text.split('\n')[0]).toBe(hello);
      expect(mail.text).toContain(`${button}: ${ACTIVATION_LINK}`);
      expect(mail.text).toContain(expiry);
      expect(mail.text).toContain('1-800-555-0100');
      expect(mail.text).not.toMatch(/{{\w+}}/);
      expect(mail.links).toEqual([ACTIVATION_LINK]);
      expect(mail.html).toContain(`href="${ACTIVATION_LINK.replaceAll('&', '&amp;')}"`);
    },
  );

  it('says nothing about reminder preferences: there is no account yet', () => {
    for (const language of ['en', 'sp'] as const) {
      const mail = renderMail(
        language,
        activationMail(
          language,
          { firstName: 'Ana', link: ACTIVATION_LINK, expiresOn: '05/30/2026' },
          'activationReminder',
        ),
        DEFAULT_CONTACT,
      );
      expect(mail.text).not.toContain('Account Settings');
      expect(mail.text).not.toContain('Configuración de la cuenta');
    }
  });
});

describe('the consent reminder', () => {
  it.each([
    [
      'en',
      'Reminder: sign your Kidney Research Study consent form',
      'Hello Ana,',
      'Log in to sign',
      'Taking part is voluntary. You can ask us any questions before you sign.',
      'You can stop study reminder e-mails at any time under Account Settings, in Communication Preferences.',
    ],
    [
      'sp',
      'Recordatorio: firme su formulario de consentimiento del Estudio de Investigación Renal',
      'Hola, Ana:',
      'Iniciar sesión para firmar',
      'Su participación es voluntaria. Antes de firmar, puede hacernos todas las preguntas que quiera.',
      'Si ya no desea recibir correos de recordatorio del estudio, puede desactivarlos cuando quiera en Configuración de la cuenta, en Preferencias de comunicación.',
    ],
  ] as const)(
    'in %s: subject, login page as the action, voluntary, and the opt-out line last',
    (language, subject, hello, button, voluntary, optOut) => {
      const content = consentReminderMail(language, { firstName: 'Ana', link: LOGIN_LINK });
      expect(content.subject).toBe(subject);
      expect(content.greeting).toBe(hello);
      expect(content.action).toEqual({ label: button, url: LOGIN_LINK });
      expect(content.after).toEqual([voluntary, optOut]);

      const mail = renderMail(language, content, DEFAULT_CONTACT);
      expect(mail.subject).toBe(subject);
      expect(mail.text.split('\n')[0]).toBe(hello);
      expect(mail.text).toContain(`${button}: ${LOGIN_LINK}`);
      expect(mail.text).not.toMatch(/{{\w+}}/);
      expect(mail.links).toEqual([LOGIN_LINK]);
      expect(mail.html).toContain(`href="${LOGIN_LINK}"`);
    },
  );

  it('explains that signing is needed to take part', () => {
    expect(consentReminderMail('en', { firstName: 'Ana', link: LOGIN_LINK }).before).toContain(
      'You have not signed the informed consent form yet. You need to sign it to take part in the study. Please log in to read it and sign it.',
    );
    expect(consentReminderMail('sp', { firstName: 'Ana', link: LOGIN_LINK }).before).toContain(
      'Todavía no ha firmado el formulario de consentimiento informado. Para participar en el estudio, necesita firmarlo. Inicie sesión para leerlo y firmarlo.',
    );
  });

  it.each([
    [
      'en',
      'Reminder: please sign the updated Kidney Research Study consent form',
      'The informed consent form was updated since you signed it. Please log in to read the updated form and sign it again. The study questionnaires wait until you do.',
    ],
    [
      'sp',
      'Recordatorio: firme el formulario de consentimiento actualizado del Estudio de Investigación Renal',
      'El formulario de consentimiento informado se actualizó después de que usted lo firmó. Inicie sesión para leer el formulario actualizado y volver a firmarlo. Los cuestionarios del estudio esperarán hasta que lo haga.',
    ],
  ] as const)('in %s asks a participant who signed before to sign the updated form', (language, subject, updated) => {
    const content = consentReminderMail(language, { firstName: 'Ana', link: LOGIN_LINK, updatedForm: true });
    expect(content.subject).toBe(subject);
    expect(content.before).toEqual([updated]);
    expect(content.action?.url).toBe(LOGIN_LINK);
  });
});

describe('the survey reminder', () => {
  it.each([
    [
      'en',
      'Reminder: your Kidney Research Study questionnaires are ready',
      'Hello Ana,',
      'Log in to answer',
      'You can answer them until 06/15/2026.',
      'Thank you for your time. Your answers help people with kidney disease.',
      'You can stop study reminder e-mails at any time under Account Settings, in Communication Preferences.',
    ],
    [
      'sp',
      'Recordatorio: sus cuestionarios del Estudio de Investigación Renal están listos',
      'Hola, Ana:',
      'Iniciar sesión para contestar',
      'Puede contestarlos hasta el 06/15/2026.',
      'Gracias por su tiempo. Sus respuestas ayudan a las personas con enfermedad renal.',
      'Si ya no desea recibir correos de recordatorio del estudio, puede desactivarlos cuando quiera en Configuración de la cuenta, en Preferencias de comunicación.',
    ],
  ] as const)(
    'in %s: subject, login page as the action, closing date, thanks, and the opt-out line last',
    (language, subject, hello, button, closing, thanks, optOut) => {
      const content = surveyReminderMail(language, { firstName: 'Ana', link: LOGIN_LINK, closesOn: '06/15/2026' });
      expect(content.subject).toBe(subject);
      expect(content.greeting).toBe(hello);
      expect(content.action).toEqual({ label: button, url: LOGIN_LINK });
      expect(content.after).toEqual([closing, thanks, optOut]);

      const mail = renderMail(language, content, DEFAULT_CONTACT);
      expect(mail.subject).toBe(subject);
      expect(mail.text.split('\n')[0]).toBe(hello);
      expect(mail.text).toContain(`${button}: ${LOGIN_LINK}`);
      expect(mail.text).toContain(closing);
      expect(mail.text).toContain('1-800-555-0100');
      expect(mail.text).not.toMatch(/{{\w+}}/);
      expect(mail.links).toEqual([LOGIN_LINK]);
      expect(mail.html).toContain(`href="${LOGIN_LINK}"`);
      expect(mail.html).toContain(`<h1 style="font-size:24px;margin:0 0 16px">${subject}</h1>`);
    },
  );

  it('escapes a first name that looks like markup', () => {
    const mail = renderMail(
      'sp',
      surveyReminderMail('sp', { firstName: '<b>Ana</b>', link: LOGIN_LINK, closesOn: '06/15/2026' }),
      DEFAULT_CONTACT,
    );
    expect(mail.html).toContain('Hola, &lt;b&gt;Ana&lt;/b&gt;:');
    expect(mail.html).not.toContain('<b>');
  });
});
