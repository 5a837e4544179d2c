import { z } from 'zod';
import { parseUsDate, toUsDate, type IsoDate } from '../dates';

/** The longest range a report, a dashboard or a search may cover: five years. */
export const DATE_RANGE_MAX_YEARS = 5;

const isIsoDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && parseUsDate(toUsDate(value)) === value;

/** A calendar date on the wire, `YYYY-MM-DD` (shown to people as MM/DD/YYYY). */
export const ZIsoDate = z.string().refine(isIsoDate, { message: 'dateRange.invalid' });

/** The last day a range starting on `from` may end on: five years on, less a day. */
export function latestRangeEnd(from: IsoDate): IsoDate {
  const [year, month, day] = from.split('-').map(Number) as [number, number, number];
  const end = new Date(Date.UTC(year + DATE_RANGE_MAX_YEARS, month - 1, day) - 86_400_000);
  return end.toISOString().slice(0, 10);
}

/** Why a range cannot be used, as a catalog key, or undefined when it can. */
export function dateRangeProblem(from: IsoDate, to: IsoDate): string | undefined {
  if (from > to) return 'dateRange.reversed';
  if (to > latestRangeEnd(from)) return 'dateRange.tooLong';
  return undefined;
}

/** `from` and `to`, both days included: in order, and five years at most. */
export const ZDateRangeQuery = z.object({ from: ZIsoDate, to: ZIsoDate }).superRefine(({ from, to }, context) => {
  if (!isIsoDate(from) || !isIsoDate(to)) return;
  const problem = dateRangeProblem(from, to);
  if (problem) context.addIssue({ code: 'custom', message: problem, path: [] });
});
export type TDateRange = z.infer<typeof ZDateRangeQuery>;

/**
 * A query of `shape` with an optional range: both dates or neither (then the report's own default), in order and
 * five years at most.
 */
export function withOptionalDateRange<T extends z.ZodRawShape>(shape: T) {
  return z.object({ ...shape, from: ZIsoDate.optional(), to: ZIsoDate.optional() }).superRefine((value, context) => {
    const { from, to } = value as { from?: string; to?: string };
    if (from === undefined && to === undefined) return;
    if (from === undefined || to === undefined) {
      context.addIssue({ code: 'custom', message: 'dateRange.bothOrNeither', path: [] });
      return;
    }
    const problem = isIsoDate(from) && isIsoDate(to) && dateRangeProblem(from, to);
    if (problem) context.addIssue({ code: 'custom', message: problem, path: [] });
  });
}

/** Just an optional range. */
export const ZOptionalDateRangeQuery = withOptionalDateRange({});
export type TOptionalDateRange = z.infer<typeof ZOptionalDateRangeQuery>;

/** `from=…&to=…` of a range. */
export const dateRangeQuery = (range: TDateRange) => `from=${range.from}&to=${range.to}`;

/** The range a query or body gave, both dates, or none. */
export const givenRange = (value: { from?: IsoDate; to?: IsoDate }): TDateRange | undefined =>
  value.from && value.to ? { from: value.from, to: value.to } : undefined;
