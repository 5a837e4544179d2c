import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { consentFieldTypes, dropdownOptions, healthSystems, languages } from '../../db/schema';

export function listDropdownOptions(db: Database) {
  return db
    .select({
      category: dropdownOptions.category,
      value: dropdownOptions.value,
      labelEn: dropdownOptions.labelEn,
      labelSp: dropdownOptions.labelSp,
    })
    .from(dropdownOptions)
    .orderBy(asc(dropdownOptions.category), asc(dropdownOptions.sortOrder));
}

export function listActiveHealthSystems(db: Database) {
  return db
    .select({ value: healthSystems.databaseValue, name: healthSystems.name, labels: healthSystems.dropdownLabels })
    .from(healthSystems)
    .where(eq(healthSystems.isActive, true))
    .orderBy(asc(healthSystems.name));
}

export function listLanguages(db: Database) {
  return db.select({ name: languages.name, code: languages.code }).from(languages).orderBy(asc(languages.sortOrder));
}

export function listFieldTypes(db: Database) {
  return db
    .select({ label: consentFieldTypes.label, value: consentFieldTypes.value })
    .from(consentFieldTypes)
    .orderBy(asc(consentFieldTypes.sortOrder));
}
