import { z } from 'zod';
import { envelope, ZFieldError } from '../api/envelope';
import { pageOf, pageQuery } from '../api/paging';
import { LANGUAGES } from '../constants';
import { call } from '../api/call';

export const POST_HEALTH_SYSTEM_VALIDATE_BASIC = call('POST', '/health-system/validate/basic');
export const POST_HEALTH_SYSTEM_VALIDATE_SYSTEM = call('POST', '/health-system/validate/system');
export const PUT_HEALTH_SYSTEM_UPDATE = call('PUT', '/health-system/update');

/** Message keys of Health System Management's calls and rules. */
export const HEALTH_SYSTEM_MESSAGES = {
  nameRequired: 'healthSystems.nameRequired',
  nameTooLong: 'healthSystems.nameTooLong',
  nameTaken: 'healthSystems.nameTaken',
  descriptionRequired: 'healthSystems.descriptionRequired',
  descriptionTooLong: 'healthSystems.descriptionTooLong',
  databaseValueRequired: 'healthSystems.databaseValueRequired',
  databaseValueFormat: 'healthSystems.databaseValueFormat',
  databaseValueReserved: 'healthSystems.databaseValueReserved',
  databaseValueTaken: 'healthSystems.databaseValueTaken',
  databaseValueFixed: 'healthSystems.databaseValueFixed',
  labelsRequired: 'healthSystems.labelsRequired',
  labelTooLong: 'healthSystems.labelTooLong',
  basicValid: 'healthSystems.basicValid',
  systemValid: 'healthSystems.systemValid',
  registered: 'healthSystems.registered',
  registrationFailed: 'healthSystems.registrationFailed',
  basicUpdated: 'healthSystems.basicUpdated',
  systemUpdated: 'healthSystems.systemUpdated',
  notFound: 'healthSystems.notFound',
  changedMeanwhile: 'healthSystems.changedMeanwhile',
  malformed: 'healthSystems.malformed',
} as const;
const M = HEALTH_SYSTEM_MESSAGES;

export const HEALTH_SYSTEM_NAME_MAX = 200;
export const HEALTH_SYSTEM_DESCRIPTION_MAX = 2000;
export const DROPDOWN_LABEL_MAX = 200;
/**
 * The value stored on each participant who chose the system: lower-case letters, digits, `-` and `_`, starting
 * with a letter, 2 to 64 characters. It never changes after onboarding.
 */
const DATABASE_VALUE_PATTERN = /^[a-z][a-z0-9_-]{1,63}$/;
/** The registration choice 'None of the below': never a health system's database value. */
export const NO_HEALTH_SYSTEM = 'none';

const HEALTH_SYSTEM_TABS = ['BASIC', 'SYSTEM_INFO', 'CONSENT'] as const;
export type HealthSystemTab = (typeof HEALTH_SYSTEM_TABS)[number];

export const HEALTH_SYSTEM_PAGE_SIZES = [5, 10, 15, 25] as const;

/**
 * Basic information: name and description, both required after trimming. `id` is the system being edited
 * (its own name is not a clash).
 */
export const ZBasicInfo = z.object({
  name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(HEALTH_SYSTEM_NAME_MAX, M.nameTooLong),
  description: z
    .string({ error: M.descriptionRequired })
    .trim()
    .min(1, M.descriptionRequired)
    .max(HEALTH_SYSTEM_DESCRIPTION_MAX, M.descriptionTooLong),
});
export type TBasicInfo = z.infer<typeof ZBasicInfo>;
export const ZValidateBasicRequest = ZBasicInfo.extend({ id: z.uuid().optional() });

/** The registration dropdown's label per language: empty labels are dropped, and every language needs one. */
export const ZDropdownLabels = z
  .record(z.string(), z.string().max(DROPDOWN_LABEL_MAX, M.labelTooLong))
  .transform((labels) =>
    Object.fromEntries(
      Object.entries(labels)
        .map(([code, label]) => [code, label.trim()] as const)
        .filter(([code, label]) => label !== '' && (LANGUAGES as readonly string[]).includes(code)),
    ),
  )
  .refine((labels) => LANGUAGES.every((code) => Boolean(labels[code])), M.labelsRequired);

const ZDatabaseValue = z
  .string({ error: M.databaseValueRequired })
  .trim()
  .min(1, M.databaseValueRequired)
  .refine((value) => value.toLowerCase() !== NO_HEALTH_SYSTEM, { message: M.databaseValueReserved, abort: true })
  .refine((value) => DATABASE_VALUE_PATTERN.test(value), M.databaseValueFormat);

/** System configuration: the stored value and the dropdown labels. */
export const ZSystemInfo = z.object({ databaseValue: ZDatabaseValue, dropdownLabels: ZDropdownLabels });
export type TSystemInfo = z.output<typeof ZSystemInfo>;

/** The system's revision the editor loaded: a change made since then refuses the edit, nothing saved. */
export const ZLoadedRevision = z.number().int().positive().optional();

export const PUT_UPDATE_SYSTEM_INFO = call('PUT', '/update/system-info');

/**
 * `PUT /update/system-info?id`: the labels and whether the system is active. The database value may be sent
 * but must be the one already stored. `revision` is the one the editor loaded.
 */
export const ZSystemInfoUpdate = z.object({
  id: z.uuid().optional(),
  systemInfo: z.object({
    databaseValue: z.string().optional(),
    dropdownLabels: ZDropdownLabels,
    isActive: z.boolean().optional(),
  }),
  revision: ZLoadedRevision,
});
export type TSystemInfoUpdate = z.output<typeof ZSystemInfoUpdate>;

export const PUT_UPDATE_BASIC_INFO = call('PUT', '/update/basic-info');

/** `PUT /update/basic-info?id`. */
export const ZBasicInfoUpdate = ZBasicInfo.extend({ revision: ZLoadedRevision });

/** `?id=` of the calls that name one health system. */
export const ZHealthSystemIdQuery = z.object({ id: z.uuid({ error: M.notFound }) });
export const GET_HEALTH_SYSTEM = call('GET', '/health-system');

/** `GET /health-system?id&tab`. */
export const ZHealthSystemTabQuery = ZHealthSystemIdQuery.extend({ tab: z.enum(HEALTH_SYSTEM_TABS) });

/** `GET /health-system?tab=BASIC`. */
export const ZBasicTab = z.object({ id: z.string(), name: z.string(), description: z.string(), revision: z.number() });
/** `GET /health-system?tab=SYSTEM_INFO`. */
export const ZSystemTab = z.object({
  id: z.string(),
  databaseValue: z.string(),
  dropdownLabels: z.record(z.string(), z.string()),
  isActive: z.boolean(),
  revision: z.number(),
});
export type TBasicTab = z.infer<typeof ZBasicTab>;
export type TSystemTab = z.infer<typeof ZSystemTab>;

export const GET_HEALTH_SYSTEM_OVERVIEW = call('GET', '/health-system/overview');

/** `GET /health-system/overview?page&size`: systems by name, with their registered participants. */
export const ZHealthSystemOverviewQuery = pageQuery({
  sizes: HEALTH_SYSTEM_PAGE_SIZES,
  sortFields: ['name', 'onboardedOn'],
  defaultSort: { field: 'name', direction: 'asc' },
});
const ZHealthSystemOverviewRow = z.object({
  id: z.string(),
  name: z.string(),
  databaseValue: z.string(),
  /** Participants registered under the system who have not withdrawn. */
  count: z.number().int(),
  /** MM/DD/YYYY (UTC). */
  onboardedOn: z.string(),
  status: z.enum(['Active', 'Inactive']),
  isActive: z.boolean(),
});
export type THealthSystemOverviewRow = z.infer<typeof ZHealthSystemOverviewRow>;
export const ZHealthSystemOverviewReply = envelope(pageOf(ZHealthSystemOverviewRow));

/** A validation or update reply: success with a message, or field errors `[{ errorField, message }]`. */
export const ZFieldErrorsReply = envelope(z.array(ZFieldError));

/** A change of a health system answers the system's new revision. */
export const ZRevisionReply = envelope(z.object({ id: z.string(), revision: z.number() }));
