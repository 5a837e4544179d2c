import { z } from 'zod';
import { envelope } from '../api/envelope';
import { pageOf, pageQuery } from '../api/paging';
import { WITHDRAWAL_REASON_MAX } from '../consent/withdrawal';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../registration/registration-form';
import { call } from '../api/call';

/** Message keys of the Manual Withdraw form and its calls. */
export const MANUAL_WITHDRAW_MESSAGES = {
  emailInvalid: 'withdrawals.manual.emailInvalid',
  reasonRequired: 'consent.reasonRequired',
  reasonTooLong: 'consent.reasonTooLong',
  noParticipant: 'withdrawals.manual.noParticipant',
  alreadyPending: 'withdrawals.manual.alreadyPending',
  recorded: 'withdrawals.manual.recorded',
  deleted: 'withdrawals.manual.deleted',
  notPending: 'withdrawals.manual.notPending',
  alreadyDeleted: 'withdrawals.manual.alreadyDeleted',
  carriedOut: 'withdrawals.manual.alreadyCarriedOut',
} as const;
const M = MANUAL_WITHDRAW_MESSAGES;

export const PENDING_REQUEST_PAGE_SIZES = [5, 10, 25] as const;

export const GET_CONSENT_MANUAL_WITHDRAW = call('GET', '/consent/manual-withdraw');

/** `GET /consent/manual-withdraw?page&size[&sort]`: pending requests, the oldest due first unless told. */
export const ZPendingRequestsQuery = pageQuery({
  sizes: PENDING_REQUEST_PAGE_SIZES,
  sortFields: ['dueAt', 'requestedAt', 'email'],
  defaultSort: { field: 'dueAt', direction: 'asc' },
});
export type TPendingRequestsQuery = z.output<typeof ZPendingRequestsQuery>;

const email = z
  .string({ error: M.emailInvalid })
  .trim()
  .max(EMAIL_MAX_LENGTH, M.emailInvalid)
  .regex(EMAIL_PATTERN, M.emailInvalid);

export const POST_CONSENT_MANUAL_WITHDRAW = call('POST', '/consent/manual-withdraw');

/** `POST /consent/manual-withdraw`: the participant's address and the reason they gave. */
export const ZManualWithdrawRequest = z.object({
  email,
  reason: z
    .string({ error: M.reasonRequired })
    .trim()
    .min(1, M.reasonRequired)
    .max(WITHDRAWAL_REASON_MAX, M.reasonTooLong),
});
export type TManualWithdrawRequest = z.infer<typeof ZManualWithdrawRequest>;

export const DELETE_CONSENT_MANUAL_WITHDRAW = call('DELETE', '/consent/manual-withdraw');

/** `DELETE /consent/manual-withdraw?email=`: the pending request of that address. */
export const ZDeleteManualWithdrawQuery = z.object({ email });

/** The reply of recording or deleting a request: its message ('Request recorded and queued'). */
export const ZManualWithdrawReply = envelope(z.unknown());

/** A pending request: whose, why, when it was recorded and by whom, and when it will be carried out. */
export const ZPendingRequest = z.object({
  id: z.string(),
  email: z.string(),
  reason: z.string(),
  requestedAt: z.string(),
  dueAt: z.string(),
  requestedBy: z.string(),
});
export type TPendingRequest = z.infer<typeof ZPendingRequest>;

/** A page of pending requests and the hold: how long a request waits (and can be deleted) before it is carried out. */
export const ZPendingRequests = pageOf(ZPendingRequest).extend({ holdSeconds: z.number().int() });
export type TPendingRequests = z.infer<typeof ZPendingRequests>;
export const ZPendingRequestsReply = envelope(ZPendingRequests);
