import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTACT } from '@portal/shared/client-config';
import { renderMail } from './render';
import { staffInvitationMail } from './staff-invitation';

const LINK = 'https://portal.example.org/accept-invitation#token=abc';

describe('the staff invitation', () => {
  it.each([
    [
      'en',
      'You are invited to the Kidney Research Study team',
      'Hello Ana,',
      'You are invited to join the Kidney Research Study team on the study portal, with the role “Health-system coordinator”.',
      'This link can be used once and expires in 7 days.',
    ],
    [
      'sp',
      'Le invitamos al equipo del Estudio de Investigación Renal',
      'Hola, Ana:',
      'Le invitamos a unirse al equipo del Estudio de Investigación Renal en el portal del estudio, con el rol «Coordinación de sistemas de salud».',
      'Este enlace se puede usar una sola vez y vence en 7 días.',
    ],
  ] as const)('in %s: the role by name, one link, and how long it works', (language, subject, hello, intro, expiry) => {
    const content = staffInvitationMail(language, { firstName: 'Ana', role: 'coordinator', link: LINK, days: 7 });
    expect(content.subject).toBe(subject);
    expect(content.greeting).toBe(hello);
    expect(content.before[0]).toBe(intro);
    expect(content.after[0]).toBe(expiry);
    const mail = renderMail(language, content, DEFAULT_CONTACT);
    expect(mail.links).toEqual([LINK]);
    expect(mail.text).toContain('1-800-555-0100');
  });

  it.each([
    ['en', 1, 'This link can be used once and expires in 1 day.'],
    ['sp', 1, 'Este enlace se puede usar una sola vez y vence en 1 día.'],
  ] as const)('says a single day in %s in the singular', (language, days, expiry) => {
    expect(staffInvitationMail(language, { firstName: 'Ana', role: 'auditor', link: LINK, days }).after[0]).toBe(
      expiry,
    );
  });
});
