import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../lib/i18n';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { okReply, renderAsStaff, stubPortal } from '../../test-portal';
import { OpenDashboardButton } from './OpenDashboardButton';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('OpenDashboardButton', () => {
  it('opens a new tab at the click and sends it to the dashboard with its token in the fragment', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    const calls = stubPortal(() =>
      okReply({
        dashboardId: 'email-analytics',
        token: 'a.b.c',
        expiresAt: '2026-11-26T16:00:00.000Z',
        path: '/dashboards/email-analytics',
      }),
    );
    renderAsStaff(<OpenDashboardButton dashboardId="email-analytics" />);
    await userEvent.click(screen.getByRole('button', { name: 'Open full screen' }));
    await vi.waitFor(() => expect(tab.location.href).toBe('/dashboards/email-analytics#token=a.b.c'));
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/domo' });
    expect(calls[0]!.query.get('dashBoardId')).toBe('email-analytics');
    expect(tab.opener).toBeNull();
  });

  it('is not there for a role that may see dashboards but not share them', () => {
    const calls = stubPortal(() => okReply({}));
    renderAsStaff(<OpenDashboardButton dashboardId="withdrawals" />, 'auditor');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText(/full screen/i)).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('closes the tab and says so in Spanish when the dashboard cannot be opened', async () => {
    await i18n.changeLanguage('sp');
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    stubPortal(() => new Response('', { status: 502 }));
    renderAsStaff(<OpenDashboardButton dashboardId="withdrawals" />);
    await userEvent.click(screen.getByRole('button', { name: 'Abrir en pantalla completa' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo abrir el panel. Inténtelo de nuevo.');
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('');
  });
});
