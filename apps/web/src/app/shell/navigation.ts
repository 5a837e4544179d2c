/** Header menus: the patient's, the administrator's and the profile menu; labels are catalog keys. */
export interface NavItem {
  to: string;
  labelKey: string;
}

export const PATIENT_MENU: NavItem[] = [
  { to: '/dashboard', labelKey: 'nav.home' },
  { to: '/survey', labelKey: 'nav.surveys' },
  { to: '/education', labelKey: 'nav.education' },
  { to: '/research', labelKey: 'nav.research' },
  { to: '/support-programs', labelKey: 'nav.supportPrograms' },
  { to: '/contact-us', labelKey: 'nav.contactUs' },
];

export const ADMIN_MENU: NavItem[] = [
  { to: '/dashboard', labelKey: 'nav.home' },
  { to: '/education', labelKey: 'nav.education' },
  { to: '/research', labelKey: 'nav.research' },
  { to: '/support-programs', labelKey: 'nav.supportPrograms' },
  { to: '/system-options', labelKey: 'nav.systemOptions' },
];

/** A staff member's own account: in the profile menu, and at the end of the small screens' menu. */
export const STAFF_ACCOUNT_MENU: NavItem[] = [{ to: '/security', labelKey: 'nav.yourSecurity' }];

/** The active link is the one whose first path segment matches the current one. */
export function firstSegment(pathname: string): string {
  return pathname.split('/').filter(Boolean)[0] ?? '';
}

export function isActive(item: NavItem, pathname: string): boolean {
  return firstSegment(item.to) === firstSegment(pathname);
}
