import type { TRegistrationDropdowns, TDropdownSet } from '@portal/shared/reference/registration-dropdowns';
import type { TPasswordPolicy } from '@portal/shared/reference/password-policy';
import type { ChangeNotices } from '../../db/change-notices';
import type { Database } from '../../db/client';
import { findSecurityPolicy } from '../../db/security-policy';
import { cachedReply } from '../../lib/cached-reply';
import type { Clock } from '../../providers/clock/clock';
import { listActiveHealthSystems, listDropdownOptions, listFieldTypes, listLanguages } from './repository';

const REFERENCE_TTL_MS = 10_000;
/** Announced when a health system is added or changed: the registration dropdowns list them. */
const HEALTH_SYSTEMS_CHANGED = 'health-systems';

type OptionRow = Awaited<ReturnType<typeof listDropdownOptions>>[number];
type HealthSystemRow = Awaited<ReturnType<typeof listActiveHealthSystems>>[number];

/** Builds the per-language option lists: health systems first, then the 'none' choice last. */
export function buildRegistrationDropdowns(options: OptionRow[], systems: HealthSystemRow[]): TRegistrationDropdowns {
  const forLanguage = (language: 'en' | 'sp'): TDropdownSet => {
    const pick = (category: string) =>
      options
        .filter((o) => o.category === category)
        .map((o) => ({ value: o.value, label: language === 'en' ? o.labelEn : o.labelSp }));
    const systemOptions = systems.map((s) => ({
      value: s.value,
      label: s.labels[language] ?? s.labels.en ?? s.name,
    }));
    return {
      gender: pick('gender'),
      country: pick('country'),
      language: pick('language'),
      healthSystems: [...systemOptions, ...pick('healthSystems')],
    };
  };
  return { en: forLanguage('en'), sp: forLanguage('sp') };
}

export function createReferenceService({ db, clock, changes }: { db: Database; clock: Clock; changes: ChangeNotices }) {
  const dropdowns = cachedReply(
    async () => {
      const [options, systems] = await Promise.all([listDropdownOptions(db), listActiveHealthSystems(db)]);
      return buildRegistrationDropdowns(options, systems);
    },
    REFERENCE_TTL_MS,
    clock,
  );
  const languageList = cachedReply(() => listLanguages(db), REFERENCE_TTL_MS, clock);
  const fieldTypes = cachedReply(() => listFieldTypes(db), REFERENCE_TTL_MS, clock);
  changes.on(HEALTH_SYSTEMS_CHANGED, dropdowns.invalidate);

  return {
    getRegistrationDropdowns: dropdowns.data,
    /** The password rules of the security policy, read fresh: a saved change applies to the next password. */
    async getPasswordPolicy(): Promise<TPasswordPolicy> {
      const policy = await findSecurityPolicy(db);
      return {
        minLength: policy.minLength,
        maxLength: policy.maxLength,
        upperCaseCharCount: policy.upperCaseCharCount,
        lowerCaseCharCount: policy.lowerCaseCharCount,
        digitCharCount: policy.digitCharCount,
        specialCharCount: policy.specialCharCount,
      };
    },
    /** The replies of three reference reads, serialized once per cache period. */
    replies: { dropdowns, languages: languageList, fieldTypes },
    /** Called by whatever edits health systems: every process lists them anew at once. */
    invalidate() {
      void changes.announce(HEALTH_SYSTEMS_CHANGED);
    },
  };
}
export type ReferenceService = ReturnType<typeof createReferenceService>;
