import { describe, expect, it } from 'vitest';
import { ADMIN_MENU, PATIENT_MENU, STAFF_ACCOUNT_MENU, firstSegment, isActive } from './navigation';
import { ROUTE_ACCESS } from '../../lib/route-access';

describe('navigation', () => {
  it('matches links by the first path segment only', () => {
    expect(firstSegment('/survey/core?x=1')).toBe('survey');
    expect(isActive({ to: '/survey', labelKey: 'nav.surveys' }, '/survey/anything')).toBe(true);
    expect(isActive({ to: '/dashboard', labelKey: 'nav.home' }, '/')).toBe(false);
  });

  it('gives administrators no Surveys or Contact Us, and patients no System Options', () => {
    expect(ADMIN_MENU.map((i) => i.to)).not.toContain('/survey');
    expect(ADMIN_MENU.map((i) => i.to)).not.toContain('/contact-us');
    expect(PATIENT_MENU.map((i) => i.to)).not.toContain('/system-options');
  });

  it('leads staff to Your security, a page only staff open', () => {
    expect(STAFF_ACCOUNT_MENU).toEqual([{ to: '/security', labelKey: 'nav.yourSecurity' }]);
    for (const item of STAFF_ACCOUNT_MENU) expect(ROUTE_ACCESS.admin).toContain(item.to);
  });
});
