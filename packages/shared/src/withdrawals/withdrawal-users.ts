import { z } from 'zod';
import { ZOptionalDateRangeQuery } from '../api/date-range';
import { envelope } from '../api/envelope';
import { pageOf, pageQuery } from '../api/paging';
import { call } from '../api/call';

export const WITHDRAWAL_USER_PAGE_SIZES = [10, 25, 50] as const;
export const WITHDRAWAL_USER_SORT_FIELDS = ['withdrawalDate', 'email'] as const;

export const GET_CONSENT_WITHDRAWAL_USERS = call('GET', '/consent/withdrawal-users');

/** `GET /consent/withdrawal-users?page&size&sort=withdrawalDate,desc` (administrators). */
export const ZWithdrawalUsersQuery = pageQuery({
  sizes: WITHDRAWAL_USER_PAGE_SIZES,
  sortFields: WITHDRAWAL_USER_SORT_FIELDS,
  defaultSort: { field: 'withdrawalDate', direction: 'desc' },
});
export type TWithdrawalUsersQuery = z.output<typeof ZWithdrawalUsersQuery>;

/** Who carried a withdrawal out: the participant in the portal, or an administrator on the participant's request. */
export const WITHDRAWAL_SOURCES = ['participant', 'manual'] as const;
export const ZWithdrawalSource = z.enum(WITHDRAWAL_SOURCES);
export type TWithdrawalSource = z.infer<typeof ZWithdrawalSource>;

/** One withdrawn participant: when, why, and who carried it out (`requestedBy` is the administrator's e-mail). */
export const ZWithdrawalUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  withdrawalDate: z.string(),
  reason: z.string(),
  source: ZWithdrawalSource,
  requestedBy: z.string().nullable(),
});
export type TWithdrawalUser = z.infer<typeof ZWithdrawalUser>;
export const ZWithdrawalUsersReply = envelope(pageOf(ZWithdrawalUser));

/** How many months the Withdrawals dashboard shows, the current month last. */
export const WITHDRAWAL_SUMMARY_MONTHS = 12;

/** Withdrawals of one month (`YYYY-MM` in the study's time zone), split by who carried them out. */
export const ZWithdrawalMonth = z.object({
  month: z.string(),
  participant: z.number().int(),
  manual: z.number().int(),
});
export type TWithdrawalMonth = z.infer<typeof ZWithdrawalMonth>;

export const GET_CONSENT_WITHDRAWAL_USERS_SUMMARY = call('GET', '/consent/withdrawal-users/summary');

/** `GET /consent/withdrawal-users/summary[?from&to]`: the last 12 months unless a range is given. */
export const ZWithdrawalSummaryQuery = ZOptionalDateRangeQuery;

/** `GET /consent/withdrawal-users/summary`: the Withdrawals dashboard's figures over `from` to `to`. */
export const ZWithdrawalSummary = z.object({
  from: z.string(),
  to: z.string(),
  months: z.array(ZWithdrawalMonth),
  total: z.object({ participant: z.number().int(), manual: z.number().int() }),
});
export type TWithdrawalSummary = z.infer<typeof ZWithdrawalSummary>;
export const ZWithdrawalSummaryReply = envelope(ZWithdrawalSummary);
