import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTACT } from '@portal/shared/client-config';
import { passwordChangedMail, passwordResetMail } from './password';
import { renderMail } from './render';

const LINK = 'http://localhost:8080/reset-password?token=abc&id=00000000-0000-4000-8000-000000000002';

describe('the password e-mails', () => {
  it.each([
    ['en', 'Reset your Kidney Research Study password', 'expires in 60 minutes', 'Hello Ana,'],
    ['sp', 'Restablezca su contraseña del Estudio de Investigación Renal', 'vence en 60 minutos', 'Hola, Ana:'],
  ] as const)(
    'the reset link in %s: one link, its one-use expiry, and the contact line',
    (language, subject, expiry, hello) => {
      const mail = renderMail(
        language,
        passwordResetMail(language, { firstName: 'Ana', link: LINK, minutes: 60 }),
        DEFAULT_CONTACT,
      );
      expect(mail.subject).toBe(subject);
      expect(mail.text.split('\n')[0]).toBe(hello);
      expect(mail.text).toContain(expiry);
      expect(mail.text).toContain('1-800-555-0100');
      expect(mail.links).toEqual([LINK]);
      expect(mail.html).toContain(`href="${LINK.replaceAll('&', '&amp;')}"`);
    },
  );

  it.each([
    ['en', 'Your Kidney Research Study password was changed', 'every device that was signed in has been signed out'],
    [
      'sp',
      'Se cambió su contraseña del Estudio de Investigación Renal',
      'se cerró la sesión en todos los dispositivos',
    ],
  ] as const)('the change notice in %s: says sessions ended and holds no link', (language, subject, signedOut) => {
    const mail = renderMail(language, passwordChangedMail(language, { firstName: 'Ana' }), DEFAULT_CONTACT);
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(signedOut);
    expect(mail.text).toContain('1-800-555-0100');
    expect(mail.links).toEqual([]);
  });

  it.each([
    ['en', 1, 'This link can be used once and expires in 1 minute.'],
    ['en', 5, 'This link can be used once and expires in 5 minutes.'],
    ['sp', 1, 'Este enlace se puede usar una sola vez y vence en 1 minuto.'],
    ['sp', 5, 'Este enlace se puede usar una sola vez y vence en 5 minutos.'],
  ] as const)('the reset link in %s says %i minutes of validity in the right form', (language, minutes, expiry) => {
    expect(passwordResetMail(language, { firstName: 'Ana', link: LINK, minutes }).after[0]).toBe(expiry);
  });
});
