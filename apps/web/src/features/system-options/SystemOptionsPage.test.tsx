import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../lib/i18n';
import { useTranslation } from '../../lib/use-translation';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AdminPanel } from '../../components/admin/AdminPanel';
import { stubPhoneScreen } from '../../test-media';
import SystemOptionsPage, { type SystemOptionsTab } from './SystemOptionsPage';

function Panel({ labelKey }: { labelKey: string }) {
  const { t } = useTranslation();
  return <AdminPanel title={t(labelKey)} />;
}
const panel = (labelKey: string) => <Panel labelKey={labelKey} />;
/** Given out of order: the sidebar puts them in the console's own order. */
const TABS: SystemOptionsTab[] = [
  {
    slug: 'security-policy',
    labelKey: 'systemOptions.tabs.securityPolicy',
    panel: panel('systemOptions.tabs.securityPolicy'),
  },
  {
    slug: 'account-activation-reminders',
    labelKey: 'systemOptions.tabs.accountActivationReminders',
    panel: panel('systemOptions.tabs.accountActivationReminders'),
  },
  { slug: 'survey', labelKey: 'systemOptions.tabs.survey', panel: panel('systemOptions.tabs.survey') },
  {
    slug: 'icf-reminders',
    labelKey: 'systemOptions.tabs.icfReminders',
    panel: panel('systemOptions.tabs.icfReminders'),
  },
];

function renderConsole(address: string) {
  const router = createMemoryRouter([{ path: '/system-options', element: <SystemOptionsPage tabs={TABS} /> }], {
    initialEntries: [address],
  });
  render(<RouterProvider router={router} />);
  return router;
}

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
      'Security Policy',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/system-options?tab=account-activation-reminders',
      '/system-options?tab=icf-reminders',
      '/system-options?tab=survey',
      '/system-options?tab=security-policy',
    ]);
    expect(within(nav).getByRole('link', { name: 'ICF Reminders' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Survey' })).not.toHaveAttribute('aria-current');
  });

  it.each(['/system-options', '/system-options?tab=withdrawals', '/system-options?tab=nonsense'])(
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
      'Política de seguridad',
    ]);
    await user.selectOptions(picker, 'Política de seguridad');
    expect(router.state.location.search).toBe('?tab=security-policy');
    expect(panelHeading()).toHaveTextContent('Política de seguridad');
    expect(screen.getByRole('heading', { level: 1, name: 'Opciones del sistema' })).toBeVisible();
  });
});
