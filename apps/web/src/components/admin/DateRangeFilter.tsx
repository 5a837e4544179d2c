import { Box, Button, Stack } from '@mui/material';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { dateRangeProblem, type TDateRange } from '@portal/shared/api/date-range';
import { parseUsDate, toUsDate } from '@portal/shared/dates';
import { FormTextField } from '../ui/FormTextField';

export interface DateRangeFilterProps {
  /** The range in use; the boxes start from it. */
  value: TDateRange;
  /** Called with a range that is in order and five years at most. */
  onApply: (range: TDateRange) => void;
}

type Problems = { from?: string; to?: string; range?: string };

/**
 * Two dates (MM/DD/YYYY, both days included) and Apply. A date that is not on the calendar, a range the wrong way
 * round or over five years is named under the boxes, announced, and nothing is asked of the server.
 */
export function DateRangeFilter({ value, onApply }: DateRangeFilterProps) {
  const { t } = useTranslation();
  const id = useId();
  const [from, setFrom] = useState(toUsDate(value.from));
  const [to, setTo] = useState(toUsDate(value.to));
  const [problems, setProblems] = useState<Problems>({});

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const range = { from: parseUsDate(from.trim()), to: parseUsDate(to.trim()) };
    const found: Problems = {
      from: range.from ? undefined : 'dateRange.invalid',
      to: range.to ? undefined : 'dateRange.invalid',
    };
    if (range.from && range.to) found.range = dateRangeProblem(range.from, range.to);
    setProblems(found);
    if (range.from && range.to && !found.range) onApply({ from: range.from, to: range.to });
  };

  return (
    <Box component="form" noValidate onSubmit={apply} aria-label={t('dateRange.label')}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Box>
          <FormTextField
            name={`${id}-from`}
            label={t('dateRange.from')}
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            inputMode="numeric"
            maxLength={10}
            errorMessage={problems.from ?? problems.range}
          />
        </Box>
        <Box>
          <FormTextField
            name={`${id}-to`}
            label={t('dateRange.to')}
            value={to}
            onChange={(event) => setTo(event.target.value)}
            inputMode="numeric"
            maxLength={10}
            errorMessage={problems.to}
          />
        </Box>
        <Box sx={{ pt: { sm: 3 } }}>
          <Button type="submit" variant="outlined" sx={{ minHeight: 48 }}>
            {t('dateRange.apply')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
