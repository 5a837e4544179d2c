import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../lib/i18n';
import { useTranslation } from '../../lib/use-translation';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { StaffRole } from '@portal/shared/staff/roles';
import { AdminPanel } from '../../components/admin/AdminPanel';
import { SessionProvider } from '../../lib/session';
import { stubPhoneScreen } from '../../test-media';
import { storeStaffToken } from '../../test-session';
import SystemOptionsPage, { type SystemOptionsTab } from './SystemOptionsPage';

function Panel({ labelKey }: { labelKey: string }) {
  const { t } = useTranslation();
  return <AdminPanel title={t(labelKey)} />;
}
const panel = (labelKey: string) => <Panel labelKey={labelKey} />;
const tab = (slug: SystemOptionsTab['slug'], labelKey: string, ...permissions: SystemOptionsTab['permissions']) => ({
  slug,
  labelKey,
  permissions,
  panel: panel(labelKey),
});
/** Given out of order: the sidebar puts them in the console's own order. */
const TABS: SystemOptionsTab[] = [
  tab('security-policy', 'systemOptions.tabs.securityPolicy', 'settings.view'),
  tab('account-activation-reminders', 'systemOptions.tabs.accountActivationReminders', 'settings.view'),
  tab('survey-window-open-users', 'systemOptions.tabs.surveyWindowOpenUsers', 'surveyWindow.view'),
  tab('survey', 'systemOptions.tabs.survey', 'settings.view'),
  tab('health-system-verification', 'systemOptions.tabs.healthSystemVerification', 'verification.view'),
  tab('icf-reminders', 'systemOptions.tabs.icfReminders', 'settings.view'),
  tab('withdrawals', 'systemOptions.tabs.withdrawals', 'withdrawals.view'),
];

/** System Options at an address, for a staff member of a role (a study administrator unless told). */
function renderConsole(address: string, role: StaffRole | null = 'studyAdmin') {
  storeStaffToken(role);
  const router = createMemoryRouter(
    [
      { path: '/system-options', element: <SystemOptionsPage tabs={TABS} /> },
      { path: '/dashboard', element: <h1>Home</h1> },
    ],
    { initialEntries: [address] },
  );
  render(
    <SessionProvider>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
  return router;
}

const sidebarLinks = () =>
  within(screen.getByRole('navigation', { name: 'System Options sections' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

const panelHeading = () => screen.getByRole('heading', { level: 2 });

describe('System Options', () => {
  it('opens the tab the address names, in a labelled sidebar of links in the console’s order', () => {
    renderConsole('/system-options?tab=icf-reminders');
    expect(screen.getByRole('heading', { level: 1, name: 'System Options' })).toBeVisible();
    expect(panelHeading()).toHaveTextContent('ICF Reminders');
    const nav = screen.getByRole('navigation', { name: 'System Options sections' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Account Activation Reminders',
      'ICF Reminders',
      'Survey',
      'Withdrawals',
      'Health System Verification',
      'Survey Window Open Users',
      'Security Policy',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/system-options?tab=account-activation-reminders',
      '/system-options?tab=icf-reminders',
      '/system-options?tab=survey',
      '/system-options?tab=withdrawals',
      '/system-options?tab=health-system-verification',
      '/system-options?tab=survey-window-open-users',
      '/system-options?tab=security-policy',
    ]);
    expect(within(nav).getByRole('link', { name: 'ICF Reminders' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Survey' })).not.toHaveAttribute('aria-current');
  });

  it.each(['/system-options', '/system-options?tab=audit-log', '/system-options?tab=nonsense'])(
    '%s shows the first tab and leaves the address as it is',
    (address) => {
      const router = renderConsole(address);
      expect(panelHeading()).toHaveTextContent('Account Activation Reminders');
      expect(screen.getByRole('link', { name: 'Account Activation Reminders' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(address);
    },
  );

  it('a tab is its own address: choosing one adds it to the history, and Back returns', async () => {
    const router = renderConsole('/system-options?tab=icf-reminders');
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Survey' }));
    expect(router.state.location.search).toBe('?tab=survey');
    expect(panelHeading()).toHaveTextContent('Survey');
    expect(screen.getByRole('heading', { level: 1, name: 'System Options' })).toBeVisible();

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?tab=icf-reminders');
    expect(panelHeading()).toHaveTextContent('ICF Reminders');
  });

  it('works from the keyboard alone', async () => {
    const router = renderConsole('/system-options');
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Account Activation Reminders' })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Survey' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(router.state.location.search).toBe('?tab=survey');
    expect(panelHeading()).toHaveTextContent('Survey');
  });

  it('on a phone, a labelled select in Spanish replaces the sidebar and switches tabs', async () => {
    stubPhoneScreen();
    await i18n.changeLanguage('sp');
    const router = renderConsole('/system-options?tab=survey');
    const user = userEvent.setup();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    const picker = screen.getByRole('combobox', { name: 'Sección de Opciones del sistema' });
    expect(picker).toHaveDisplayValue('Encuesta');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Recordatorios de activación de cuenta',
      'Recordatorios de consentimiento informado (ICF)',
      'Encuesta',
      'Retiros',
      'Verificación del sistema de salud',
      'Participantes con encuesta abierta',
      'Política de seguridad',
    ]);
    await user.selectOptions(picker, 'Política de seguridad');
    expect(router.state.location.search).toBe('?tab=security-policy');
    expect(panelHeading()).toHaveTextContent('Política de seguridad');
    expect(screen.getByRole('heading', { level: 1, name: 'Opciones del sistema' })).toBeVisible();
  });
  it('lists only the tabs a coordinator’s role opens, and with no tab in the address shows the first of them', () => {
    const router = renderConsole('/system-options', 'coordinator');
    expect(sidebarLinks()).toEqual(['Withdrawals', 'Health System Verification', 'Survey Window Open Users']);
    expect(panelHeading()).toHaveTextContent('Withdrawals');
    expect(screen.getByRole('link', { name: 'Withdrawals' })).toHaveAttribute('aria-current', 'page');
    expect(router.state.location.search).toBe('');
  });

  it('a deep link to a tab the role does not open says so, in place of the panel, with the way to its first tab', async () => {
    const router = renderConsole('/system-options?tab=security-policy', 'coordinator');
    const user = userEvent.setup();
    expect(panelHeading()).toHaveTextContent('You do not have access to this page');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your staff role does not include this section of System Options. If you need it, ask a study administrator.',
    );
    expect(screen.queryByText('Security Policy')).not.toBeInTheDocument();
    expect(sidebarLinks()).toEqual(['Withdrawals', 'Health System Verification', 'Survey Window Open Users']);
    expect(screen.queryByRole('link', { current: 'page' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Go to Withdrawals' }));
    expect(router.state.location.search).toBe('?tab=withdrawals');
    expect(panelHeading()).toHaveTextContent('Withdrawals');
  });

  it('a staff member whose role opens no tab is told so, with the way home', async () => {
    const router = renderConsole('/system-options?tab=survey', null);
    const user = userEvent.setup();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(panelHeading()).toHaveTextContent('You do not have access to this page');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your staff role does not include any section of System Options. Ask a study administrator to check your role.',
    );
    await user.click(screen.getByRole('link', { name: 'Go to the home page' }));
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('on a phone, the select offers only the role’s tabs and, on a tab the role does not open, asks for one (Spanish)', async () => {
    stubPhoneScreen();
    await i18n.changeLanguage('sp');
    const router = renderConsole('/system-options?tab=survey', 'coordinator');
    const user = userEvent.setup();
    expect(panelHeading()).toHaveTextContent('No tiene acceso a esta página');
    expect(screen.getByRole('link', { name: 'Ir a Retiros' })).toBeVisible();
    const picker = screen.getByRole('combobox', { name: 'Sección de Opciones del sistema' });
    expect(picker).toHaveDisplayValue('Elija una sección');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Elija una sección',
      'Retiros',
      'Verificación del sistema de salud',
      'Participantes con encuesta abierta',
    ]);
    await user.selectOptions(picker, 'Verificación del sistema de salud');
    expect(router.state.location.search).toBe('?tab=health-system-verification');
    expect(panelHeading()).toHaveTextContent('Verificación del sistema de salud');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Retiros', 'Verificación del sistema de salud', 'Participantes con encuesta abierta']);
  });
});
