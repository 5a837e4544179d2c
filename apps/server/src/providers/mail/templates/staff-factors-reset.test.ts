import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTACT } from '@portal/shared/client-config';
import { renderMail } from './render';
import { staffFactorsResetMail } from './staff-factors-reset';

const LINK = 'https://portal.example.org/login-patient';

describe('the e-mail of a reset second factor', () => {
  it.each([
    [
      'en',
      'Your second sign-in step was reset',
      'Hello Ana,',
      'The next time you sign in with your e-mail address and password, you will set up an authenticator app or a passkey again.',
    ],
    [
      'sp',
      'Se restableció su segundo paso de inicio de sesión',
      'Hola, Ana:',
      'La próxima vez que inicie sesión con su correo electrónico y su contraseña, configurará de nuevo una aplicación de autenticación o una llave de acceso.',
    ],
  ] as const)(
    'in %s says what happens at the next sign-in, with the sign-in link',
    (language, subject, hello, next) => {
      const content = staffFactorsResetMail(language, { firstName: 'Ana', link: LINK });
      expect(content.subject).toBe(subject);
      expect(content.greeting).toBe(hello);
      expect(content.before[1]).toBe(next);
      const mail = renderMail(language, content, DEFAULT_CONTACT);
      expect(mail.links).toEqual([LINK]);
    },
  );
});
