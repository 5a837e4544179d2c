import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTACT } from '@portal/shared/client-config';
import { activationMail } from './activation';
import { renderMail, type MailContent } from './render';

const LINK =
  'https://portal.example.org/registration-confirm?token=abc-123_XYZ&id=7d0c8f6e-0000-4000-8000-000000000001';

const activation = (language: 'en' | 'sp', firstName = 'Ana') =>
  renderMail(language, activationMail(language, { firstName, link: LINK, expiresOn: '05/30/2026' }), DEFAULT_CONTACT);

describe('rendered e-mail', () => {
  it('escapes every interpolated value in the HTML', () => {
    const content: MailContent = {
      subject: 'Hello <b>"you"</b>',
      greeting: `Hello <script>alert('x')</script> & co,`,
      before: ['<img src=x onerror=alert(1)>'],
      action: { label: 'Go "now"', url: 'https://portal.example.org/a?x="><script>&y=1' },
      after: ["It's done"],
    };
    const { html } = renderMail('en', content, DEFAULT_CONTACT);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('Hello &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; co,');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('<title>Hello &lt;b&gt;&quot;you&quot;&lt;/b&gt;</title>');
    expect(html).toContain('href="https://portal.example.org/a?x=&quot;&gt;&lt;script&gt;&amp;y=1"');
    expect(html).toContain('It&#39;s done');
  });

  it('escapes a first name that looks like markup in the activation e-mail', () => {
    const { html, text } = activation('en', '<i>Ana</i>');
    expect(html).toContain('Hello &lt;i&gt;Ana&lt;/i&gt;,');
    expect(html).not.toContain('<i>');
    expect(text).toContain('Hello <i>Ana</i>,');
  });

  it('sets the document language: es for Spanish, en for English', () => {
    expect(activation('sp').html).toMatch(/^<!doctype html><html lang="es">/);
    expect(activation('en').html).toMatch(/^<!doctype html><html lang="en">/);
  });

  it('puts the link in the text part, in the HTML (escaped) and in the list of links', () => {
    const { text, html, links } = activation('en');
    expect(text).toContain(`Activate my account: ${LINK}`);
    expect(html).toContain(`href="${LINK.replace('&', '&amp;')}"`);
    expect(html).not.toContain(LINK);
    expect(links).toEqual([LINK]);
  });

  it('writes the activation e-mail in the participant’s language, with the expiry date and contact details', () => {
    const en = activation('en');
    expect(en.subject).toBe('Activate your Kidney Research Study account');
    expect(en.text).toContain('This link can be used once and expires on 05/30/2026.');
    expect(en.text).toContain('Questions? Call 1-800-555-0100 (ext. 100), Monday to Friday, 10am to 4pm Central');

    const sp = activation('sp');
    expect(sp.subject).toBe('Active su cuenta del Estudio de Investigación Renal');
    expect(sp.text).toContain('Hola, Ana:');
    expect(sp.text).toContain('Este enlace se puede usar una sola vez y vence el 05/30/2026.');
    expect(sp.text).toContain('De lunes a viernes, de 10 a. m. a 4 p. m., hora del Centro');
    expect(sp.text).not.toMatch(/{{\w+}}/);
  });

  it('has no link and no button when the content has no action', () => {
    const rendered = renderMail('en', { subject: 'S', greeting: 'G', before: ['B'], after: [] }, DEFAULT_CONTACT);
    expect(rendered.links).toEqual([]);
    expect(rendered.html).not.toContain('<a ');
  });
});
