import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTACT } from '@portal/shared/client-config';
import { loginCodeMail } from './login-code';
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
});
