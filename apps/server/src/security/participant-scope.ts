import { inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { isScopedRole } from '@portal/shared/staff/roles';
import type { VerifiedAccess } from './verified-access';

/**
 * Which participants a staff member may see: every one, or those of named health systems (database values).
 * Repositories put it in their queries' conditions, so rows out of scope are never read.
 */
export type ParticipantScope = { all: true } | { healthSystems: readonly string[] };

export const EVERY_PARTICIPANT: ParticipantScope = { all: true };

/** The scope of a signed-in staff member: a scoped role's health systems, else every participant. */
export function scopeOf(auth: VerifiedAccess): ParticipantScope {
  return auth.staffRole && isScopedRole(auth.staffRole) ? { healthSystems: auth.healthSystems } : EVERY_PARTICIPANT;
}

/** A query condition limiting `healthSystem` (a participant's health system column) to the scope; none for all. */
export function inScope(healthSystem: AnyPgColumn, scope: ParticipantScope): SQL | undefined {
  if ('all' in scope) return undefined;
  return scope.healthSystems.length === 0 ? sql`false` : inArray(healthSystem, [...scope.healthSystems]);
}
