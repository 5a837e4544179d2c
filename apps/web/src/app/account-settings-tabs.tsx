import { lazy } from 'react';
import type { AccountSettingsTab } from '../features/account/ProfileSettingsPage';

const MyInformedConsent = lazy(() =>
  import('../features/consent/components/MyInformedConsent').then((m) => ({ default: m.MyInformedConsent })),
);

/** The tabs of Account Settings, each owned by its feature (spec section 2; `?tab=consent` opens consent). */
export const ACCOUNT_SETTINGS_TABS: AccountSettingsTab[] = [
  { value: 'consent', labelKey: 'account.consentTab', panel: <MyInformedConsent /> },
];
