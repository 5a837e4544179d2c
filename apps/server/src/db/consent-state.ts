import { sql, type SQL } from 'drizzle-orm';

/** Where a participant's consent stands, as their `users` row records it. */
export interface ConsentState {
  /** When they first signed; survey rounds count from it. */
  consentSignedAt: Date | null;
  /** Set while they are asked to sign a newer version of their form. */
  reconsentRequestedAt: Date | null;
}

/**
 * A participant has consent once they signed and while no re-consent is pending: asked to sign a newer version,
 * they count as not consented (no surveys, consent reminders, the ceremony at sign-in) until they sign it.
 */
export const hasConsent = <State extends ConsentState>(
  state: State,
): state is State & { consentSignedAt: Date; reconsentRequestedAt: null } =>
  state.consentSignedAt !== null && state.reconsentRequestedAt === null;

/** Signed before and now asked to sign a newer version. */
export const reconsentPending = (state: ConsentState) =>
  state.consentSignedAt !== null && state.reconsentRequestedAt !== null;

/** `hasConsent` in SQL, over the `users` row named `alias` in the query (the table's own name by default). */
export function hasConsentSql(alias = 'users'): SQL {
  const row = sql.identifier(alias);
  return sql`(${row}.consent_signed_at is not null and ${row}.reconsent_requested_at is null)`;
}
