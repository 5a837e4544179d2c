import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { STAFF_ROLES, type StaffRole } from '@portal/shared/staff/roles';
import SystemOptionsPage, { type SystemOptionsTab } from '../features/system-options/SystemOptionsPage';
import { SessionProvider } from '../lib/session';
import { okReply, renderWithQueries, stubPortal } from '../test-portal';
import { storeStaffToken } from '../test-session';
import { SYSTEM_OPTIONS_TABS } from './system-options-tabs';

/** The portal's System Options at an address, for a staff member of a role, with the tabs given. */
function renderConsole(address: string, role: StaffRole, tabs: SystemOptionsTab[] = SYSTEM_OPTIONS_TABS) {
  storeStaffToken(role);
  const router = createMemoryRouter([{ path: '/system-options', element: <SystemOptionsPage tabs={tabs} /> }], {
    initialEntries: [address],
  });
  renderWithQueries(
    <SessionProvider>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
}

/** The tabs as they are, each panel standing in as its slug, so no panel loads. */
const STAND_INS = SYSTEM_OPTIONS_TABS.map((tab) => ({ ...tab, panel: <p>{tab.slug}</p> }));
const sidebarLinks = () =>
  within(screen.getByRole('navigation', { name: 'System Options sections' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the portal’s System Options tabs', () => {
  it('each open with the permissions that let a staff member see what its panel shows', () => {
    expect(Object.fromEntries(SYSTEM_OPTIONS_TABS.map((tab) => [tab.slug, tab.permissions]))).toEqual({
      'account-activation-reminders': ['settings.view'],
      'icf-reminders': ['settings.view'],
      survey: ['settings.view'],
      'downtime-banner': ['settings.view'],
      'one-time-surveys': ['settings.view'],
      'survey-window-open-users': ['surveyWindow.view', 'dashboards.view'],
      withdrawals: ['withdrawals.view', 'dashboards.view'],
      'health-system-verification': ['verification.view'],
      'health-system-management': ['settings.view'],
      'security-policy': ['settings.view'],
      'emails-insight': ['emails.figures'],
      'data-export': ['export.deidentified'],
      'audit-log': ['auditLog.view'],
      staff: ['staff.manage'],
      participants: ['participants.view'],
      'study-notices': ['notices.view'],
    });
  });

  /** Each role's sidebar, in its order. */
  const SIDEBARS: Record<StaffRole, string[]> = {
    studyAdmin: [
      'Account Activation Reminders',
      'ICF Reminders',
      'Survey',
      'Downtime Banner',
      'Withdrawals',
      'Health System Verification',
      'Health System Management',
      'Emails Insight',
      'Survey Window Open Users',
      'One Time Surveys',
      'Security Policy',
      'Data Export',
      'Audit Log',
      'Staff',
      'Participants',
      'Study Notices',
    ],
    coordinator: ['Withdrawals', 'Health System Verification', 'Survey Window Open Users', 'Participants'],
    helpDesk: ['Participants'],
    analyst: ['Withdrawals', 'Emails Insight', 'Survey Window Open Users', 'Data Export'],
    auditor: [
      'Account Activation Reminders',
      'ICF Reminders',
      'Survey',
      'Downtime Banner',
      'Withdrawals',
      'Health System Verification',
      'Health System Management',
      'Emails Insight',
      'Survey Window Open Users',
      'One Time Surveys',
      'Security Policy',
      'Audit Log',
      'Participants',
      'Study Notices',
    ],
  };

  it.each(STAFF_ROLES)('list exactly the tabs the role %s opens', (role) => {
    renderConsole('/system-options', role, STAND_INS);
    expect(sidebarLinks()).toEqual(SIDEBARS[role]);
  });

  it('give a coordinator Withdrawals, Health System Verification and Survey Window Open Users, and no settings', () => {
    renderConsole('/system-options', 'coordinator', STAND_INS);
    const links = sidebarLinks();
    expect(links).toEqual(
      expect.arrayContaining(['Withdrawals', 'Health System Verification', 'Survey Window Open Users']),
    );
    for (const name of ['Security Policy', 'Survey', 'Health System Management', 'Audit Log', 'Data Export']) {
      expect(links).not.toContain(name);
    }
  });

  it('show an auditor the Security Policy read-only, with no Edit', async () => {
    stubPortal((call) =>
      call.path === '/settings/changes'
        ? okReply({ content: [], totalElements: 0, page: 0, size: 5 })
        : okReply({
            otpLength: 6,
            otpExpiryInMin: 10,
            otpEnabledForPatient: true,
            otpRequiredBeforeICFSign: false,
            minLength: 8,
            maxLength: 15,
            upperCaseCharCount: 1,
            lowerCaseCharCount: 1,
            digitCharCount: 1,
            specialCharCount: 1,
            resetPasswordAgainLimitInHrs: 24,
            registrationTokenExpiryInDays: 90,
            failedAttemptLimit: 5,
            unlockAccountTimeInMin: 15,
            inactiveSessionTimeoutInMin: 30,
            errorMessages: { en: {}, sp: {} },
            version: 'v1',
          }),
    );
    renderConsole('/system-options?tab=security-policy', 'auditor');
    expect(await screen.findByRole('heading', { level: 2, name: 'Security Policy' })).toBeVisible();
    expect((await screen.findByText('Minimum password length (characters)')).nextElementSibling).toHaveTextContent('8');
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });
});
