import type { AccountSettingsTab } from '../features/account/ProfileSettingsPage';
import { lazyNamed as named } from './lazy-named';

const ProfileTab = named(() => import('../features/account/components/ProfileTab'), 'ProfileTab');
const CommunicationTab = named(() => import('../features/account/components/CommunicationTab'), 'CommunicationTab');
const ChangePasswordTab = named(() => import('../features/account/components/ChangePasswordTab'), 'ChangePasswordTab');
const MyInformedConsent = named(() => import('../features/consent/components/MyInformedConsent'), 'MyInformedConsent');

/** The tabs of Account Settings, each owned by its feature (`?tab=consent` opens consent). */
export const ACCOUNT_SETTINGS_TABS: AccountSettingsTab[] = [
  { value: 'profile', labelKey: 'account.profileTab', panel: <ProfileTab /> },
  { value: 'communication', labelKey: 'account.communicationTab', panel: <CommunicationTab /> },
  { value: 'password', labelKey: 'account.passwordTab', panel: <ChangePasswordTab /> },
  { value: 'consent', labelKey: 'account.consentTab', panel: <MyInformedConsent /> },
];
