import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { okReply, renderWithQueries, stubPortal } from '../../test-portal';
import UnsubscribePage from './UnsubscribePage';

const TOKEN = 'eyJ1IjoiYSJ9.c2lnbmF0dXJl';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const refusal = (status: number, message: string) =>
  new Response(JSON.stringify({ status: false, message }), { status });

function renderPage(address = `/unsubscribe?token=${TOKEN}`) {
  return renderWithQueries(
    <MemoryRouter initialEntries={[address]}>
      <UnsubscribePage />
    </MemoryRouter>,
  );
}

const TEXTS = {
  en: {
    title: 'Stop e-mails',
    stops:
      'This link stops the study’s reminder e-mails: reminders to activate your account, sign your consent form and answer your questionnaires.',
    notWithdrawing:
      'Stopping these e-mails is not withdrawing from the study. You stay in the study, your surveys still wait for you in the portal, and account and security e-mails (sign-in codes, password, your signed consent) are still sent.',
    button: 'Stop reminder e-mails',
    done: 'Done: you will no longer get reminder e-mails.',
    signIn: 'Sign in to Account Settings',
  },
  sp: {
    title: 'Dejar de recibir correos',
    stops:
      'Este enlace detiene los correos de recordatorio del estudio: recordatorios para activar su cuenta, firmar su formulario de consentimiento y responder sus cuestionarios.',
    notWithdrawing:
      'Dejar de recibir estos correos no es retirarse del estudio. Usted sigue en el estudio, sus encuestas le siguen esperando en el portal y los correos de la cuenta y de seguridad (códigos de inicio de sesión, contraseña, su consentimiento firmado) se siguen enviando.',
    button: 'Dejar de recibir correos de recordatorio',
    done: 'Listo: ya no recibirá correos de recordatorio.',
    signIn: 'Iniciar sesión para ir a Configuración de la cuenta',
  },
} as const;

async function axeViolations(container: HTMLElement) {
  const results = await axe.run(container, {
    runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
    // jsdom paints nothing; contrast is checked in the browser journeys.
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations.map((violation) => violation.id);
}

describe.each(['en', 'sp'] as const)('the unsubscribe page in %s', (language) => {
  const text = TEXTS[language];

  it('says what the link stops and that it is not withdrawing, stops them with one button, and leads to Account Settings', async () => {
    await i18n.changeLanguage(language);
    const calls = stubPortal(() => okReply({ category: 'reminders', alreadyLeft: false }));
    const { container } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
    expect(await screen.findByText(text.stops)).toBeVisible();
    expect(screen.getByText(text.notWithdrawing)).toBeVisible();
    expect(await axeViolations(container)).toEqual([]);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: text.button }));
    expect(await screen.findByText(text.done)).toBeVisible();
    expect(screen.queryByRole('button', { name: text.button })).toBeNull();
    expect(screen.getByRole('link', { name: text.signIn })).toHaveAttribute('href', '/profile-settings');
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/mail-preferences/unsubscribe');
    expect(post.query.get('token')).toBe(TOKEN);
    expect(post.body).toEqual({});
    expect(await axeViolations(container)).toEqual([]);
  });

  it('says at once when the e-mails are stopped already', async () => {
    await i18n.changeLanguage(language);
    stubPortal(() => okReply({ category: 'reminders', alreadyLeft: true }));
    renderPage();
    expect(await screen.findByText(text.done)).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('the unsubscribe page refusing a link', () => {
  it.each([
    [400, 'This unsubscribe link does not work. It may have been copied only in part. Nothing was changed.'],
    [410, 'This unsubscribe link has expired: it works for 60 days after its e-mail was sent. Nothing was changed.'],
    [
      409,
      'This unsubscribe link comes from an e-mail sent before you chose to get these e-mails again, so it no longer works. Nothing was changed.',
    ],
  ])('shows the server’s words for a %i and offers Account Settings, with no button', async (status, message) => {
    stubPortal(() => refusal(status, message));
    const { container } = renderPage();
    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in to Account Settings' })).toBeVisible();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('needs no call to say a link without a token does not work', () => {
    const calls = stubPortal(() => okReply({}));
    renderPage('/unsubscribe');
    expect(
      screen.getByText(
        'This unsubscribe link does not work. It may have been copied only in part. Nothing was changed.',
      ),
    ).toBeVisible();
    expect(calls).toEqual([]);
  });
});
