import type { IsoDate } from '@portal/shared/dates';
import { RESTRICTED_ZIP3 } from './restricted-zip3';

/** The age from which Safe Harbor allows no age nor any year showing it, only one category "90 or older". */
export const TOP_CODED_AGE = 90;
export const TOP_CODED_BIRTH = '90+';

/** The value the registration form stores for the United States, its only country (registration dropdowns). */
export const US_COUNTRY = 'USA';

/** Written for a ZIP code whose three-digit area is restricted. */
export const RESTRICTED_ZIP3_CODE = '000';

/** A US ZIP code: five digits, or ZIP+4. */
const US_ZIP = /^(\d{3})\d{2}(?:-\d{4})?$/;

/**
 * A birth date as its year alone, or `90+` when that year could show an age of 90 or more on `today`: a participant
 * born in a year 90 or more years before today's turns 90 this year, if they have not already, so the year alone
 * would point at an age over 89.
 */
export function birthCategory(birthDate: IsoDate | null, today: IsoDate): string | null {
  if (birthDate === null) return null;
  const year = Number(birthDate.slice(0, 4));
  return Number(today.slice(0, 4)) - year >= TOP_CODED_AGE ? TOP_CODED_BIRTH : birthDate.slice(0, 4);
}

/**
 * A US ZIP code as its first three digits, or `000` for a restricted area. Anything else (another country, no
 * country, a code of another shape) is left out: Safe Harbor allows no geographic unit smaller than a state but the
 * three-digit ZIP area, and the census table only covers US codes.
 */
export function zip3(code: string | null, country: string | null): string | null {
  if (code === null || country !== US_COUNTRY) return null;
  const area = US_ZIP.exec(code.trim())?.[1];
  if (area === undefined) return null;
  return RESTRICTED_ZIP3.has(area) ? RESTRICTED_ZIP3_CODE : area;
}
