import { z } from 'zod';
import { envelope } from '../api/envelope';
import { pageOf, pageQuery } from '../api/paging';
import { call } from '../api/call';

export const POST_HEALTH_SYSTEM_VERIFICATION_BATCHES_UNDO = call(
  'POST',
  '/health-system-verification/batches/:id/undo',
);

/** Message keys of the Health System Verification tab and its calls. */
export const VERIFICATION_MESSAGES = {
  searchNeeded: 'verification.searchNeeded',
  userIdInvalid: 'verification.userIdInvalid',
  idsRequired: 'verification.idsRequired',
  idsInvalid: 'verification.idsInvalid',
  tooManyIds: 'verification.tooManyIds',
  statusRequired: 'verification.statusRequired',
  updated: 'verification.updated',
  idIssues: 'verification.idIssues',
  batchNotFound: 'verification.batchNotFound',
  batchAlreadyUndone: 'verification.batchAlreadyUndone',
  batchUndoExpired: 'verification.batchUndoExpired',
  batchNotUndoable: 'verification.batchNotUndoable',
  undone: 'verification.undone',
  undoneRestored: 'verification.undoneRestored',
  undoneKept: 'verification.undoneKept',
} as const;
const M = VERIFICATION_MESSAGES;

/** A translator in one language, as the portal and the server each have one. */
type Translate = (key: string, values: { count: number } | Record<string, string>) => string;

/** What an undo did, in one sentence: how many statuses went back and how many were kept, each in its plural form. */
export const undoneMessage = (t: Translate, result: { restored: number; kept: number }): string =>
  t(M.undone, {
    restored: t(M.undoneRestored, { count: result.restored }),
    kept: t(M.undoneKept, { count: result.kept }),
  });

/** A user ID: a UUID (8-4-4-4-12 hexadecimal). Upper case is accepted and read as lower case. */
export const USER_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The Health System select's choice that means every health system. */
export const ALL_HEALTH_SYSTEMS = 'none';

/** The most IDs one search, ID check or bulk update takes (a CSV of 100,000 rows fits). */
export const VERIFICATION_IDS_MAX = 100_000;
/** The CSV a bulk update reads: at most 5,242,880 bytes. */
export const VERIFICATION_CSV_MAX_BYTES = 5_242_880;
/** How long a bulk update or a push can be undone. */
export const VERIFICATION_UNDO_DAYS = 7;

export const VERIFICATION_PAGE_SIZES = [10, 25, 50, 100] as const;
export const VERIFICATION_PREVIEW_SIZES = [5, 10, 15] as const;
export const VERIFICATION_BATCH_PAGE_SIZES = [5, 10, 25] as const;
export const VERIFICATION_SORT_FIELDS = ['userId', 'healthSystem', 'updatedAt'] as const;

const userId = z
  .string({ error: M.idsInvalid })
  .trim()
  .regex(USER_ID_PATTERN, M.idsInvalid)
  .transform((id) => id.toLowerCase());

export const POST_HEALTH_SYSTEM_VERIFICATION = call('POST', '/health-system-verification');

/**
 * `POST /health-system-verification?page&size[&sort=userId|healthSystem|updatedAt,asc|desc]` (administrators):
 * the most recently updated first unless sorted.
 */
export const ZVerificationRecordsQuery = pageQuery({
  sizes: VERIFICATION_PAGE_SIZES,
  sortFields: VERIFICATION_SORT_FIELDS,
  defaultSort: { field: 'updatedAt', direction: 'desc' },
});
export type TVerificationRecordsQuery = z.output<typeof ZVerificationRecordsQuery>;

/**
 * The search's filter: user IDs, a health system (`none`: all of them), or both. At least one ID or a health
 * system is needed.
 */
export const ZVerificationFilter = z
  .object({
    userIds: z.array(userId).max(VERIFICATION_IDS_MAX, M.tooManyIds).default([]),
    healthSystem: z.string().trim().max(64).optional(),
  })
  .refine((filter) => filter.userIds.length > 0 || !!filter.healthSystem, { message: M.searchNeeded });
export type TVerificationFilter = z.output<typeof ZVerificationFilter>;

/** One verification record: `isVerified` true (Verified), false (Rejected) or null (not yet decided). */
export const ZVerificationRecord = z.object({
  userId: z.string(),
  healthSystem: z.string(),
  /** The health system's name, as administrators know it. */
  healthSystemName: z.string(),
  isVerified: z.boolean().nullable(),
  updatedAt: z.string(),
  /** The participant withdrew: the record is kept as it was and can no longer change. */
  withdrawn: z.boolean(),
});
export type TVerificationRecord = z.infer<typeof ZVerificationRecord>;
export const ZVerificationRecordsReply = envelope(pageOf(ZVerificationRecord));

/** A health system to choose in the search and the API key form: its database value and its name. */
export const ZVerificationHealthSystem = z.object({ value: z.string(), name: z.string() });
export type TVerificationHealthSystem = z.infer<typeof ZVerificationHealthSystem>;
export const GET_HEALTH_SYSTEM_VERIFICATION_HEALTH_SYSTEMS = call('GET', '/health-system-verification/health-systems');

/** `GET /health-system-verification/health-systems`: every onboarded health system, active or not, by name. */
export const ZVerificationHealthSystemsReply = envelope(z.array(ZVerificationHealthSystem));

export const PUT_HEALTH_SYSTEM_VERIFICATION = call('PUT', '/health-system-verification');

/**
 * `PUT /health-system-verification` (administrators): sets `status` on every record of `userIds`, in one
 * transaction. Any ID that is not found or belongs to a withdrawn participant refuses the whole request, unless
 * `skipIdIssues` leaves those IDs out (the bulk dialog, after showing them). `source` says which dialog sent it.
 */
export const ZVerificationUpdate = z.object({
  userIds: z.array(userId, { error: M.idsRequired }).min(1, M.idsRequired).max(VERIFICATION_IDS_MAX, M.tooManyIds),
  status: z.boolean({ error: M.statusRequired }),
  skipIdIssues: z.boolean().default(false),
  source: z.enum(['single', 'bulk']).default('bulk'),
  /**
   * The entries of the administrator's list that are not user IDs: with `skipIdIssues` they are left out and
   * listed in the batch as `invalid`, so its result accounts for the whole list; without it they refuse the update.
   */
  invalidIds: z.array(z.string().max(100)).max(VERIFICATION_IDS_MAX, M.tooManyIds).default([]),
});
export type TVerificationUpdate = z.output<typeof ZVerificationUpdate>;
/** What a client sends: the fields with defaults may be left out. */
export type TVerificationUpdateInput = z.input<typeof ZVerificationUpdate>;

/** What an update did: its batch, how many records it set and how many IDs it left out. */
export const ZVerificationUpdateResult = z.object({
  batchId: z.string(),
  applied: z.number().int(),
  skipped: z.number().int(),
});
export type TVerificationUpdateResult = z.infer<typeof ZVerificationUpdateResult>;
export const ZVerificationUpdateReply = envelope(ZVerificationUpdateResult);

/** Why an ID cannot be updated: not a UUID, no record with it, or its participant withdrew. */
export const ID_ISSUE_REASONS = ['invalid', 'notFound', 'withdrawn'] as const;
export const ZIdIssueReason = z.enum(ID_ISSUE_REASONS);
export type TIdIssueReason = z.infer<typeof ZIdIssueReason>;

export const POST_HEALTH_SYSTEM_VERIFICATION_NOT_EXISTS = call('POST', '/health-system-verification/not-exists');

/** `POST /health-system-verification/not-exists?page&size`: the IDs of the body that cannot be updated, paged. */
export const ZIdIssuesQuery = pageQuery({
  sizes: VERIFICATION_PREVIEW_SIZES,
  sortFields: ['userId'],
  defaultSort: { field: 'userId', direction: 'asc' },
});
export const ZIdIssuesBody = z.object({
  userIds: z.array(z.string().max(100)).max(VERIFICATION_IDS_MAX, M.tooManyIds),
});
export const ZIdIssue = z.object({ userId: z.string(), reason: ZIdIssueReason });
export type TIdIssue = z.infer<typeof ZIdIssue>;
export const ZIdIssuesReply = envelope(pageOf(ZIdIssue));

/** Who made a batch: a single edit, a bulk update, a health system's push, or the undo of one. */
export const VERIFICATION_BATCH_SOURCES = ['single', 'bulk', 'push', 'undo'] as const;
export type TVerificationBatchSource = (typeof VERIFICATION_BATCH_SOURCES)[number];

export const GET_HEALTH_SYSTEM_VERIFICATION_BATCHES = call('GET', '/health-system-verification/batches');

/** `GET /health-system-verification/batches?page&size`: bulk updates, pushes and undos, the newest first. */
export const ZVerificationBatchesQuery = pageQuery({
  sizes: VERIFICATION_BATCH_PAGE_SIZES,
  sortFields: ['createdAt'],
  defaultSort: { field: 'createdAt', direction: 'desc' },
  defaultSize: 5,
});

/** A batch in the history: who, when, how many, and whether (and until when) it can be undone. */
export const ZVerificationBatch = z.object({
  id: z.string(),
  source: z.enum(VERIFICATION_BATCH_SOURCES),
  /** The status it set; null for an undo or a push that set both. */
  status: z.boolean().nullable(),
  createdAt: z.string(),
  /** The administrator's e-mail, or the label of the health system's API key. */
  actor: z.string(),
  requested: z.number().int(),
  applied: z.number().int(),
  skipped: z.number().int(),
  undoneAt: z.string().nullable(),
  undoneBy: z.string().nullable(),
  /** Until when it can be undone; null when it cannot (an undo, already undone, or too old). */
  undoableUntil: z.string().nullable(),
});
export type TVerificationBatch = z.infer<typeof ZVerificationBatch>;
export const ZVerificationBatchesReply = envelope(pageOf(ZVerificationBatch));

export const GET_HEALTH_SYSTEM_VERIFICATION_BATCHES_RESULT_CSV = call(
  'GET',
  '/health-system-verification/batches/:id/result.csv',
);

/** `GET /health-system-verification/batches/:id/result.csv` and `POST …/:id/undo`. */
export const ZVerificationBatchParams = z.object({ id: z.uuid() });

/** What an undo did: how many records it restored and how many it kept because they changed again since. */
export const ZVerificationUndoResult = z.object({
  batchId: z.string(),
  restored: z.number().int(),
  kept: z.number().int(),
});
export const ZVerificationUndoReply = envelope(ZVerificationUndoResult);
