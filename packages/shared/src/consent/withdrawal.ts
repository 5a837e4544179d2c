import { z } from 'zod';
import { envelope } from '../api/envelope';
import { call } from '../api/call';

export const GET_CONSENT_INTEGRITY = call('GET', '/consent/integrity');

export const WITHDRAWAL_REASON_MAX = 1000;

export const PUT_CONSENT_WITHDRAW = call('PUT', '/consent/withdraw');

/** `PUT /consent/withdraw?reason=`: the reason is required ('Reason cannot be blank'). */
export const ZWithdrawRequest = z.object({
  reason: z
    .string({ error: 'consent.reasonRequired' })
    .trim()
    .min(1, 'consent.reasonRequired')
    .max(WITHDRAWAL_REASON_MAX, 'consent.reasonTooLong'),
});
export type TWithdrawRequest = z.infer<typeof ZWithdrawRequest>;
export const ZWithdrawReply = envelope(z.unknown());

/** The integrity check of stored consent PDFs (administrators). */
export const ZIntegrityReport = z.object({
  checkedForms: z.number().int(),
  checkedSignatures: z.number().int(),
  /** Stored files whose bytes no longer match their recorded SHA-256. */
  mismatches: z.array(z.object({ kind: z.enum(['form', 'signature']), id: z.string() })),
});
export type TIntegrityReport = z.infer<typeof ZIntegrityReport>;
export const ZIntegrityReply = envelope(ZIntegrityReport);
