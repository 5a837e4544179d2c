import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTACT } from '@portal/shared/client-config';
import { oneTimeInvitationMail } from './one-time-invitation';
import { renderMail } from './render';

const LINK = 'https://portal.example.org/survey';

describe('the one-time survey invitation', () => {
  it.each([
    [
      'en',
      'Your experience with telehealth',
      'A new Kidney Research Study survey: Your experience with telehealth',
      'Hello Ana,',
      'You can answer it from 03/02/2026 to 03/16/2026.',
      'Answer the survey',
      'You can stop study e-mails at any time under Account Settings, in Communication Preferences.',
    ],
    [
      'sp',
      'Su experiencia con la telesalud',
      'Una nueva encuesta del Estudio de Investigación Renal: Su experiencia con la telesalud',
      'Hola, Ana:',
      'Puede contestarla del 03/02/2026 al 03/16/2026.',
      'Contestar la encuesta',
      'Si ya no desea recibir correos del estudio, puede desactivarlos cuando quiera en Configuración de la cuenta, en Preferencias de comunicación.',
    ],
  ] as const)(
    'in %s: the survey by name, its window, the Surveys page as the action, the opt-out last',
    (language, survey, subject, hello, window, button, optOut) => {
      const content = oneTimeInvitationMail(language, {
        firstName: 'Ana',
        survey,
        opensOn: '03/02/2026',
        closesOn: '03/16/2026',
        link: LINK,
      });
      expect(content.subject).toBe(subject);
      expect(content.greeting).toBe(hello);
      expect(content.before[1]).toBe(window);
      expect(content.action).toEqual({ label: button, url: LINK });
      expect(content.after.at(-1)).toBe(optOut);

      const mail = renderMail(language, content, DEFAULT_CONTACT);
      expect(mail.text).toContain(`${button}: ${LINK}`);
      expect(mail.text).not.toMatch(/{{\w+}}/);
      expect(mail.links).toEqual([LINK]);
    },
  );

  it('escapes a survey name that looks like markup', () => {
    const content = oneTimeInvitationMail('en', {
      firstName: 'Ana',
      survey: '<script>x</script>',
      opensOn: '03/02/2026',
      closesOn: '03/16/2026',
      link: LINK,
    });
    const mail = renderMail('en', content, DEFAULT_CONTACT);
    expect(mail.html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
  });
});
