import { fieldErrors } from '@portal/shared/api/field-errors';
import { LANGUAGES } from '@portal/shared/constants';
import {
  SECURITY_POLICY_MESSAGES,
  ZSecurityPolicyUpdate,
  type TSecurityPolicy,
  type TSecurityPolicyValues,
} from '@portal/shared/settings/security-policy';
import type { Database } from '../../../db/client';
import { findSecurityPolicy, lockSecurityPolicy, type SecurityPolicyRow } from '../../../db/security-policy';
import { changeSetting } from '../../../db/setting-changes';
import { translate } from '../../../lib/localize';
import { refused, type DataOutcome } from '../../../lib/outcome';
import { settingVersion } from '../../../lib/setting-version';
import type { Clock } from '../../../providers/clock/clock';
import { updateSecurityPolicy } from './repository';
import type { SettingEditor } from '../../../lib/setting-editor';

/** The stored policy under the editor's field names. */
function policyValues(row: SecurityPolicyRow): TSecurityPolicyValues {
  return {
    otpLength: row.otpLength,
    otpExpiryInMin: row.otpExpiryInMin,
    otpEnabledForPatient: row.otpEnabledForPatient,
    otpRequiredBeforeICFSign: row.otpRequiredBeforeIcfSign,
    minLength: row.minLength,
    maxLength: row.maxLength,
    upperCaseCharCount: row.upperCaseCharCount,
    lowerCaseCharCount: row.lowerCaseCharCount,
    digitCharCount: row.digitCharCount,
    specialCharCount: row.specialCharCount,
    resetPasswordAgainLimitInHrs: row.resetPasswordAgainLimitInHrs,
    registrationTokenExpiryInDays: row.registrationTokenExpiryInDays,
    failedAttemptLimit: row.failedAttemptLimit,
    unlockAccountTimeInMin: row.unlockAccountTimeInMin,
    inactiveSessionTimeoutInMin: row.inactiveSessionTimeoutInMin,
  };
}

/** Each field's rule (and the rules between fields) in each language, as the editor shows them. */
const ERROR_MESSAGES = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    Object.fromEntries(
      Object.entries(SECURITY_POLICY_MESSAGES).map(([field, key]) => [field, translate(language, key)]),
    ),
  ]),
) as TSecurityPolicy['errorMessages'];

const asPolicy = (values: TSecurityPolicyValues): TSecurityPolicy => ({
  ...values,
  errorMessages: ERROR_MESSAGES,
  version: settingVersion(values),
});

/** The security policy editor of System Options. A saved policy applies to the next request of every process. */
export function createSecurityPolicyService({ db, clock }: { db: Database; clock: Clock }) {
  return {
    async getPolicy(): Promise<TSecurityPolicy> {
      return asPolicy(policyValues(await findSecurityPolicy(db)));
    },

    async savePolicy(body: unknown, who: SettingEditor): Promise<DataOutcome<TSecurityPolicy>> {
      const parsed = ZSecurityPolicyUpdate.safeParse(body);
      if (!parsed.success) return refused(400, 'error.invalidRequest', fieldErrors(parsed.error));
      const { version, ...values } = parsed.data;
      const now = clock.now();
      const saved = await changeSetting(db, {
        setting: 'security-policy',
        version,
        lock: async (tx) => policyValues(await lockSecurityPolicy(tx)),
        write: async (tx) => {
          await updateSecurityPolicy(tx, values, now);
          return values;
        },
        who,
        at: now,
      });
      return saved.ok ? { ok: true, data: asPolicy(saved.data) } : saved;
    },
  };
}
export type SecurityPolicyService = ReturnType<typeof createSecurityPolicyService>;
