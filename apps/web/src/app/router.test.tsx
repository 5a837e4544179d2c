import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { canOpen, ROUTE_ACCESS } from '../lib/route-access';
import { AdminRoute, ParticipantRoute, PrivateRoute, PublicOnlyRoute } from './guards';
import { routes } from './router';

const GUARDS = {
  publicOnly: PublicOnlyRoute,
  signedIn: PrivateRoute,
  participant: ParticipantRoute,
  admin: AdminRoute,
} as const;

describe('route access', () => {
  it.each(Object.entries(GUARDS))('routes exactly the %s pages behind their guard', (group, guard) => {
    const guarded = routes[0]!.children.find((route) => (route.element as ReactElement | undefined)?.type === guard);
    const paths = (guarded?.children ?? []).map((route: { path?: string }) => route.path);
    expect(paths.sort()).toEqual([...ROUTE_ACCESS[group as keyof typeof GUARDS]].sort());
  });

  it('tells which links a visitor, a participant and an administrator can open', () => {
    expect(canOpen('/#faq-cost', 'visitor')).toBe(true);
    expect(canOpen('/forgot-password', 'visitor')).toBe(true);
    expect(canOpen('/education#dialysis', 'visitor')).toBe(false);
    expect(canOpen('/survey', 'visitor')).toBe(false);

    expect(canOpen('/education#dialysis', 'participant')).toBe(true);
    expect(canOpen('/profile-settings?tab=consent', 'participant')).toBe(true);
    expect(canOpen('/forgot-password', 'participant')).toBe(false);
    expect(canOpen('/system-options', 'participant')).toBe(false);

    expect(canOpen('/research#findings', 'admin')).toBe(true);
    expect(canOpen('/system-options', 'admin')).toBe(true);
    expect(canOpen('/security', 'admin')).toBe(true);
    expect(canOpen('/security', 'participant')).toBe(false);
    expect(canOpen('/security', 'visitor')).toBe(false);
    expect(canOpen('/contact-us', 'admin')).toBe(false);
    expect(canOpen('/login-patient', 'admin')).toBe(false);
  });
});
