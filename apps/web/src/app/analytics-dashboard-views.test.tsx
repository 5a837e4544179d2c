import { screen } from '@testing-library/react';
import { i18n } from '../lib/i18n';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DashboardViewPage from '../features/analytics-dashboards/DashboardViewPage';
import { renderWithQueries, stubPortal } from '../test-portal';
import { DASHBOARD_VIEWS } from './analytics-dashboard-views';

/** A token whose claims say it ends at 11/26/2026 4:00 PM UTC; only the server can tell whether it is real. */
const claims = Buffer.from(JSON.stringify({ typ: 'Dashboard', dsh: 'withdrawals', exp: 1795708800 })).toString(
  'base64url',
);
const TOKEN = `eyJhbGciOiJSUzI1NiJ9.${claims}.c2lnbmF0dXJl`;

const SUMMARY = {
  from: '2025-12-01',
  to: '2026-11-26',
  months: [
    { month: '2026-10', participant: 2, manual: 1 },
    { month: '2026-11', participant: 0, manual: 3 },
  ],
  total: { participant: 2, manual: 4 },
};

function openPage(link: string) {
  renderWithQueries(
    <MemoryRouter initialEntries={[link]}>
      <Routes>
        <Route path="/dashboards/:dashboardId" element={<DashboardViewPage views={DASHBOARD_VIEWS} />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('DashboardViewPage', () => {
  it('shows its dashboard with the token alone, and until when the link works', async () => {
    const calls = stubPortal(() => new Response(JSON.stringify({ status: true, data: SUMMARY }), { status: 200 }));
    openPage(`/dashboards/withdrawals#token=${TOKEN}`);
    expect(screen.getByRole('heading', { level: 2, name: 'Withdrawals' })).toBeInTheDocument();
    expect(
      await screen.findByRole(
        'img',
        {
          name: /from 12\/01\/2025 to 11\/26\/2026. In that time, 2 participants withdrew in the portal and 4 were withdrawn/,
        },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/consent/withdrawal-users/summary' });
    expect(calls[0]!.headers.get('x-dashboard-token')).toBe(TOKEN);
    expect(calls[0]!.headers.get('authorization')).toBeNull();
    expect(screen.getByText(/This link works until 11\/26\/2026/)).toBeInTheDocument();
  });

  it('says in Spanish that a refused link must be opened again, and asks nothing without a token', async () => {
    await i18n.changeLanguage('sp');
    const message =
      'Este enlace del panel ha vencido o no es válido. Vuelva a abrir el panel desde Opciones del sistema.';
    stubPortal(() => new Response(JSON.stringify({ status: false, message }), { status: 401 }));
    openPage(`/dashboards/withdrawals#token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);

    const calls = stubPortal(() => new Response('{}', { status: 500 }));
    openPage('/dashboards/survey-window-open-users');
    expect(screen.getByRole('heading', { level: 2, name: 'Participantes con encuesta abierta' })).toBeInTheDocument();
    expect(screen.getAllByRole('alert').at(-1)).toHaveTextContent(message);
    expect(calls).toHaveLength(0);
  });

  it('names no dashboard that does not exist', () => {
    stubPortal(() => new Response('{}', { status: 500 }));
    openPage(`/dashboards/sales#token=${TOKEN}`);
    expect(screen.getByRole('heading', { level: 1, name: 'There is no such dashboard.' })).toBeInTheDocument();
  });
});
