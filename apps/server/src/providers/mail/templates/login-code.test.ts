import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTACT } from '@portal/shared/client-config';
import { emailCodeMail, loginCodeMail } from './login-code';
import { renderMail } from './render';

describe('the login-code e-mail', () => {
  it.each([
    ['en', 'Your Kidney Research Study login code', 'expires in 10 minutes'],
    ['sp', 'Su código de acceso del Estudio de Investigación Renal', 'vence en 10 minutos'],
  ] as const)('in %s puts the code alone on a line, large in HTML, with its expiry', (language, subject, expiry) => {
    const mail = renderMail(
      language,
      loginCodeMail(language, { firstName: 'Ana', code: '048213', minutes: 10 }),
      DEFAULT_CONTACT,
    );
    expect(mail.subject).toBe(subject);
    expect(mail.text.split('\n')).toContain('048213');
    expect(mail.text).toContain(expiry);
    expect(mail.html).toMatch(/font-size:32px[^>]*>048213<\/p>/);
    // The outbox prints the code to the log instead of a link; there is no link to follow.
    expect(mail.code).toBe('048213');
    expect(mail.links).toEqual([]);
  });

  it.each([
    ['loginCode', 'en', 0, 'The code works once and expires in 0 minutes.'],
    ['loginCode', 'en', 1, 'The code works once and expires in 1 minute.'],
    ['loginCode', 'en', 2, 'The code works once and expires in 2 minutes.'],
    ['loginCode', 'en', 5, 'The code works once and expires in 5 minutes.'],
    ['loginCode', 'sp', 0, 'El código se puede usar una sola vez y vence en 0 minutos.'],
    ['loginCode', 'sp', 1, 'El código se puede usar una sola vez y vence en 1 minuto.'],
    ['loginCode', 'sp', 2, 'El código se puede usar una sola vez y vence en 2 minutos.'],
    ['loginCode', 'sp', 5, 'El código se puede usar una sola vez y vence en 5 minutos.'],
    ['consentCode', 'en', 1, 'The code works once and expires in 1 minute.'],
    ['consentCode', 'sp', 1, 'El código funciona una sola vez y vence en 1 minuto.'],
    ['consentCode', 'sp', 5, 'El código funciona una sola vez y vence en 5 minutos.'],
  ] as const)(
    'the %s e-mail in %s says %i minutes of validity in the right form',
    (template, language, minutes, expiry) => {
      const mail = emailCodeMail(template, language, { firstName: 'Ana', code: '048213', minutes });
      expect(mail.after[0]).toBe(expiry);
    },
  );
});
