import type { TRegistrationDropdowns, TDropdownSet } from '@portal/shared/reference/registration-dropdowns';
import type { TPasswordPolicy } from '@portal/shared/reference/password-policy';
import type { Database } from '../../db/client';
import { cachedReply } from '../../lib/cached-reply';
import type { Clock } from '../../providers/clock/clock';
import {
  findPasswordPolicy,
  listActiveHealthSystems,
  listDropdownOptions,
  listFieldTypes,
  listLanguages,
} from './repository';

const REFERENCE_TTL_MS = 10_000;

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

export function createReferenceService({ db, clock }: { db: Database; clock: Clock }) {
  const dropdowns = cachedReply(
    async () => {
      const [options, systems] = await Promise.all([listDropdownOptions(db), listActiveHealthSystems(db)]);
      return buildRegistrationDropdowns(options, systems);
    },
    REFERENCE_TTL_MS,
    clock,
  );
  const passwordPolicy = cachedReply(
    async (): Promise<TPasswordPolicy> => {
      const policy = await findPasswordPolicy(db);
      if (!policy) throw new Error('security policy row is missing');
      return policy;
    },
    REFERENCE_TTL_MS,
    clock,
  );
  const languageList = cachedReply(() => listLanguages(db), REFERENCE_TTL_MS, clock);
  const fieldTypes = cachedReply(() => listFieldTypes(db), REFERENCE_TTL_MS, clock);

  return {
    getRegistrationDropdowns: dropdowns.data,
    getPasswordPolicy: passwordPolicy.data,
    /** The replies of the four reference reads, serialized once per cache period. */
    replies: { dropdowns, passwordPolicy, languages: languageList, fieldTypes },
    /** Called by whatever edits health systems or the security policy in this process. */
    invalidate() {
      dropdowns.invalidate();
      passwordPolicy.invalidate();
    },
  };
}
export type ReferenceService = ReturnType<typeof createReferenceService>;
