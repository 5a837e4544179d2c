import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../lib/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { holdText } from './hold-text';
import { ManualWithdrawForm } from './ManualWithdrawForm';

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ManualWithdrawForm />
    </QueryClientProvider>,
  );
}

const field = (key: string) => screen.getByRole('textbox', { name: new RegExp(i18n.t(key)) });
const press = (key: string) => userEvent.click(screen.getByRole('button', { name: i18n.t(key) }));

describe.each(['en', 'sp'] as const)('the Manual Withdraw form in %s', (language) => {
  it('needs a valid e-mail and a reason before it asks for confirmation', async () => {
    await i18n.changeLanguage(language);
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderForm();
    await press('withdrawals.manual.continue');
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      i18n.t('withdrawals.manual.emailInvalid'),
      i18n.t('consent.reasonRequired'),
    ]);
    await userEvent.type(field('withdrawals.manual.emailLabel'), 'ana@example');
    await userEvent.type(field('withdrawals.manual.reasonLabel'), '   ');
    await press('withdrawals.manual.continue');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      i18n.t('withdrawals.manual.emailInvalid'),
      i18n.t('consent.reasonRequired'),
    ]);
    expect(fetch).not.toHaveBeenCalled();
    expect(language === 'en' ? 'Please enter valid email' : 'Ingrese un correo electrónico válido').toBe(
      alerts[0]!.textContent,
    );
  });

  it('asks for confirmation, then records the request and says so', async () => {
    await i18n.changeLanguage(language);
    const reply = { status: true, message: 'Request recorded and queued' };
    const fetch = vi.fn(async () => new Response(JSON.stringify(reply)));
    vi.stubGlobal('fetch', fetch);
    renderForm();
    await userEvent.type(field('withdrawals.manual.emailLabel'), 'ana@example.org');
    await userEvent.type(field('withdrawals.manual.reasonLabel'), 'Asked by phone');
    await press('withdrawals.manual.continue');
    expect(screen.getByRole('heading', { name: i18n.t('withdrawals.manual.confirmTitle') })).toBeVisible();
    expect(fetch).not.toHaveBeenCalled();
    await press('withdrawals.manual.back');
    expect(field('withdrawals.manual.emailLabel')).toHaveValue('ana@example.org');
    await press('withdrawals.manual.continue');
    await press('withdrawals.manual.confirm');

    expect(await screen.findByRole('status')).toHaveTextContent('Request recorded and queued');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/common-server/consent/manual-withdraw');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'ana@example.org', reason: 'Asked by phone' });
    expect(field('withdrawals.manual.emailLabel')).toHaveValue('');
  });

  it('shows the server’s refusal under the e-mail field', async () => {
    await i18n.changeLanguage(language);
    const message = 'No participant in the study has this e-mail address. Nothing was recorded.';
    const reply = { status: false, message, data: [{ errorField: 'email', message }] };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(reply), { status: 400 })),
    );
    renderForm();
    await userEvent.type(field('withdrawals.manual.emailLabel'), 'nobody@example.org');
    await userEvent.type(field('withdrawals.manual.reasonLabel'), 'Asked by phone');
    await press('withdrawals.manual.continue');
    await press('withdrawals.manual.confirm');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(field('withdrawals.manual.emailLabel')).toHaveAttribute('aria-describedby', 'email-error');
    expect(field('withdrawals.manual.emailLabel')).toHaveValue('nobody@example.org');
  });
});

describe('the hold sentence', () => {
  it('says whole hours, else whole minutes from a minute up, else seconds', () => {
    expect(holdText(3600)).toEqual({ key: 'withdrawals.manual.holdHours', count: 1 });
    expect(holdText(7200)).toEqual({ key: 'withdrawals.manual.holdHours', count: 2 });
    expect(holdText(5400)).toEqual({ key: 'withdrawals.manual.holdMinutes', count: 90 });
    expect(holdText(90)).toEqual({ key: 'withdrawals.manual.holdMinutes', count: 2 });
    expect(holdText(60)).toEqual({ key: 'withdrawals.manual.holdMinutes', count: 1 });
    expect(holdText(89)).toEqual({ key: 'withdrawals.manual.holdMinutes', count: 1 });
    expect(holdText(20)).toEqual({ key: 'withdrawals.manual.holdSeconds', count: 20 });
    expect(holdText(1)).toEqual({ key: 'withdrawals.manual.holdSeconds', count: 1 });
    expect(holdText(0)).toEqual({ key: 'withdrawals.manual.holdSeconds', count: 0 });
  });

  it('says one of a unit in the singular and more in the plural, in English and in Spanish', async () => {
    const say = (seconds: number) => {
      const { key, count } = holdText(seconds);
      return i18n.t(key, { count });
    };
    expect(say(3600)).toBe('Requests are carried out 1 hour after they are recorded; until then they can be deleted.');
    expect(say(7200)).toBe('Requests are carried out 2 hours after they are recorded; until then they can be deleted.');
    expect(say(60)).toBe('Requests are carried out 1 minute after they are recorded; until then they can be deleted.');
    expect(say(300)).toBe(
      'Requests are carried out 5 minutes after they are recorded; until then they can be deleted.',
    );
    expect(say(0)).toBe('Requests are carried out 0 seconds after they are recorded; until then they can be deleted.');
    expect(say(1)).toBe('Requests are carried out 1 second after they are recorded; until then they can be deleted.');
    await i18n.changeLanguage('sp');
    expect(say(3600)).toBe(
      'Las solicitudes se realizan 1 hora después de registrarse; hasta entonces se pueden eliminar.',
    );
    expect(say(7200)).toBe(
      'Las solicitudes se realizan 2 horas después de registrarse; hasta entonces se pueden eliminar.',
    );
    expect(say(60)).toBe(
      'Las solicitudes se realizan 1 minuto después de registrarse; hasta entonces se pueden eliminar.',
    );
    expect(say(300)).toBe(
      'Las solicitudes se realizan 5 minutos después de registrarse; hasta entonces se pueden eliminar.',
    );
    expect(say(0)).toBe(
      'Las solicitudes se realizan 0 segundos después de registrarse; hasta entonces se pueden eliminar.',
    );
    expect(say(1)).toBe(
      'Las solicitudes se realizan 1 segundo después de registrarse; hasta entonces se pueden eliminar.',
    );
  });
});
