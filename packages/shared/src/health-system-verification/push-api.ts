import { z } from 'zod';
import { envelope } from '../api/envelope';
import { pageOf, pageQuery } from '../api/paging';
import { USER_ID_PATTERN, VERIFICATION_MESSAGES, ZIdIssueReason } from './verification-records';
import { call } from '../api/call';

/** Message keys of the API keys section and of the health systems' push API. */
export const PUSH_API_MESSAGES = {
  labelRequired: 'verification.keys.labelRequired',
  labelTooLong: 'verification.keys.labelTooLong',
  healthSystemRequired: 'verification.keys.healthSystemRequired',
  healthSystemUnknown: 'verification.keys.healthSystemUnknown',
  issued: 'verification.keys.issued',
  revoked: 'verification.keys.revoked',
  keyNotFound: 'verification.keys.notFound',
  alreadyRevoked: 'verification.keys.alreadyRevoked',
  apiKeyInvalid: 'verification.push.apiKeyInvalid',
  updatesRequired: 'verification.push.updatesRequired',
  tooManyUpdates: 'verification.push.tooManyUpdates',
  conflicting: 'verification.push.conflicting',
  idIssues: 'verification.push.idIssues',
  pushed: 'verification.push.pushed',
} as const;
const M = PUSH_API_MESSAGES;

/** The header a health system sends its key in. */
export const API_KEY_HEADER = 'x-api-key';
/** The most statuses one push carries. */
export const PUSH_UPDATES_MAX = 10_000;
export const API_KEY_LABEL_MAX = 100;
export const API_KEY_PAGE_SIZES = [5, 10, 25] as const;
export const PUSH_PARTICIPANT_PAGE_SIZES = [100, 1000] as const;

export const GET_HEALTH_SYSTEM_API_KEYS = call('GET', '/health-system-api-keys');

// ——— Administrators: issuing and revoking keys ———

/** `GET /health-system-api-keys?page&size`: every key, active first, then the newest. */
export const ZApiKeysQuery = pageQuery({
  sizes: API_KEY_PAGE_SIZES,
  sortFields: ['createdAt'],
  defaultSort: { field: 'createdAt', direction: 'desc' },
  defaultSize: 5,
});

/** A key as administrators see it: never the key itself, only its first characters. */
export const ZApiKey = z.object({
  id: z.string(),
  healthSystem: z.string(),
  healthSystemName: z.string(),
  label: z.string(),
  keyPrefix: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;
export const ZApiKeysReply = envelope(pageOf(ZApiKey));

export const POST_HEALTH_SYSTEM_API_KEYS = call('POST', '/health-system-api-keys');

/** `POST /health-system-api-keys`: a key for a health system, with a label saying who holds it. */
export const ZApiKeyRequest = z.object({
  healthSystem: z
    .string({ error: M.healthSystemRequired })
    .trim()
    .min(1, M.healthSystemRequired)
    .max(64, M.healthSystemUnknown),
  label: z.string({ error: M.labelRequired }).trim().min(1, M.labelRequired).max(API_KEY_LABEL_MAX, M.labelTooLong),
});
export type TApiKeyRequest = z.infer<typeof ZApiKeyRequest>;

/** The new key, shown this once: only its SHA-256 is kept. */
export const ZIssuedApiKey = ZApiKey.extend({ key: z.string() });
export type TIssuedApiKey = z.infer<typeof ZIssuedApiKey>;
export const ZIssuedApiKeyReply = envelope(ZIssuedApiKey);

export const DELETE_HEALTH_SYSTEM_API_KEYS = call('DELETE', '/health-system-api-keys/:id');

/** `DELETE /health-system-api-keys/:id`: revokes a key; it opens nothing from then on. */
export const ZApiKeyParams = z.object({ id: z.uuid() });
/** The reply of a revoke: its message ('API key revoked. It no longer opens the API.'). */
export const ZApiKeyRevokeReply = envelope(z.unknown());

// ——— Health systems: the push API, with `X-Api-Key` ———

export const PUSH_PARTICIPANT_STATUSES = ['pending', 'verified', 'rejected', 'all'] as const;

export const GET_HEALTH_SYSTEM_API_PARTICIPANTS = call('GET', '/health-system-api/participants');

/** `GET /health-system-api/participants?status&page&size`: the key's health system's participants. */
export const ZPushParticipantsQuery = pageQuery({
  sizes: PUSH_PARTICIPANT_PAGE_SIZES,
  sortFields: ['consentedAt'],
  defaultSort: { field: 'consentedAt', direction: 'asc' },
  defaultSize: 100,
}).extend({ status: z.enum(PUSH_PARTICIPANT_STATUSES).default('pending') });
export type TPushParticipantsQuery = z.output<typeof ZPushParticipantsQuery>;

/**
 * A participant who chose the health system and consented to it confirming their care: what the health system
 * needs to find them in its records, and the current status.
 */
export const ZPushParticipant = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  birthDate: z.string().nullable(),
  email: z.string(),
  postalCode: z.string().nullable(),
  consentedAt: z.string(),
  isVerified: z.boolean().nullable(),
  updatedAt: z.string(),
});
export type TPushParticipant = z.infer<typeof ZPushParticipant>;
export const ZPushParticipantsReply = envelope(pageOf(ZPushParticipant));

export const POST_HEALTH_SYSTEM_API_VERIFICATIONS = call('POST', '/health-system-api/verifications');

/**
 * `POST /health-system-api/verifications`: up to 10,000 statuses (true Verified, false Rejected), applied all
 * together or not at all. An ID that is not one of the key's health system's participants is `notFound`,
 * whoever it belongs to.
 */
export const ZPushRequest = z.object({
  updates: z
    .array(
      z.object({
        userId: z
          .string({ error: VERIFICATION_MESSAGES.idsInvalid })
          .trim()
          .regex(USER_ID_PATTERN, VERIFICATION_MESSAGES.idsInvalid),
        status: z.boolean({ error: VERIFICATION_MESSAGES.statusRequired }),
      }),
      { error: M.updatesRequired },
    )
    .min(1, M.updatesRequired)
    .max(PUSH_UPDATES_MAX, M.tooManyUpdates),
});
export type TPushRequest = z.infer<typeof ZPushRequest>;

export const ZPushResult = z.object({ batchId: z.string(), applied: z.number().int() });
export const ZPushReply = envelope(ZPushResult);

/** A refused push: each ID that cannot be set, and why. */
export const ZPushRefusal = z.object({
  status: z.literal(false),
  message: z.string(),
  data: z.object({
    issues: z.array(z.object({ userId: z.string(), reason: z.union([ZIdIssueReason, z.literal('conflicting')]) })),
  }),
});
