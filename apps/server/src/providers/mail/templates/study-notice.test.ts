import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTACT } from '@portal/shared/client-config';
import { renderMail } from './render';
import { studyNoticeMail } from './study-notice';

const LINK = 'https://portal.example.org/messages';

describe('the study notice e-mail', () => {
  it.each([
    ['en', 'New clinic hours', 'Kidney Research Study: New clinic hours', 'Hello Ana,', 'Read it in Messages'],
    [
      'sp',
      'Nuevo horario de la clínica',
      'Estudio de Investigación Renal: Nuevo horario de la clínica',
      'Hola, Ana:',
      'Leerlo en Mensajes',
    ],
  ] as const)(
    'in %s: the title as subject, each paragraph of the body, Messages as the action',
    (language, title, subject, hello, button) => {
      const content = studyNoticeMail(language, {
        firstName: 'Ana',
        title,
        body: 'First paragraph.\n\nSecond paragraph.',
        link: LINK,
      });
      expect(content.subject).toBe(subject);
      expect(content.greeting).toBe(hello);
      expect(content.before.slice(1)).toEqual([title, 'First paragraph.', 'Second paragraph.']);
      expect(content.action).toEqual({ label: button, url: LINK });

      const mail = renderMail(language, content, DEFAULT_CONTACT);
      expect(mail.text).toContain(`${button}: ${LINK}`);
      expect(mail.text).not.toMatch(/{{\w+}}/);
      expect(mail.links).toEqual([LINK]);
    },
  );

  it('escapes what staff wrote in the HTML part', () => {
    const content = studyNoticeMail('en', { firstName: 'Ana', title: 'A <b>', body: 'x < y & z', link: LINK });
    const mail = renderMail('en', content, DEFAULT_CONTACT);
    expect(mail.html).toContain('x &lt; y &amp; z');
    expect(mail.html).not.toContain('<b>');
  });

  it('keeps the single line breaks of a paragraph: <br> between its escaped lines in HTML, newlines in text', () => {
    const content = studyNoticeMail('en', {
      firstName: 'Ana',
      title: 'Hours',
      body: 'Monday: 8 < 5\nTuesday: closed\n\nSee you.',
      link: LINK,
    });
    const mail = renderMail('en', content, DEFAULT_CONTACT);
    expect(mail.html).toContain('<p style="margin:0 0 16px">Monday: 8 &lt; 5<br>Tuesday: closed</p>');
    expect(mail.html).toContain('<p style="margin:0 0 16px">See you.</p>');
    expect(mail.text).toContain('Monday: 8 < 5\nTuesday: closed\n\nSee you.');
  });
});
