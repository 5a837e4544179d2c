import type { TUserDetails } from '@portal/shared/auth/user-details';
import { formatDate } from '@portal/shared/dates';
import { toLanguage } from '@portal/shared/i18n/language';
import type { Database } from '../../db/client';
import { findUserDetails } from './repository';

/** The signed-in user's own account (spec section 2, "Account settings"). */
export function createAccountService({ db }: { db: Database }) {
  return {
    async getUserDetails(userId: string): Promise<TUserDetails | undefined> {
      const row = await findUserDetails(db, userId);
      if (!row) return undefined;
      return {
        id: row.id,
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        language: toLanguage(row.language),
        birthDate: row.birthDate ? formatDate(row.birthDate) : null,
        gender: row.gender,
        profilePicture: null,
        phoneNumber: row.phoneNumber,
        zipCode: row.postalCode,
        isPatient: row.role === 'patient',
        isPractitioner: false,
      };
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
