import { Box, Button, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import {
  ALL_HEALTH_SYSTEMS,
  VERIFICATION_MESSAGES,
  type TVerificationFilter,
} from '@portal/shared/health-system-verification/verification-records';
import { FieldError } from '../../../components/ui/FieldError';
import { NativeSelect } from '../../../components/ui/NativeSelect';
import { useVerificationHealthSystems } from '../api/verification-api';
import { searchFilter, type SearchInput } from './search-filter';

const EMPTY: SearchInput = { userId: '', healthSystem: '' };
const ERROR_ID = 'verification-search-error';

/**
 * The search panel: a User ID box and a Health System select ('None' meaning all of them), Search (or Enter in
 * the box) and Clear. Emptying the User ID box ends the search shown but keeps the health system chosen.
 */
export function VerificationSearch({
  onSearch,
  onReset,
}: {
  onSearch(filter: TVerificationFilter): void;
  onReset(): void;
}) {
  const { t } = useTranslation();
  const systems = useVerificationHealthSystems();
  const [input, setInput] = useState(EMPTY);
  const [error, setError] = useState<string>();

  const search = (event: FormEvent) => {
    event.preventDefault();
    const check = searchFilter(input);
    if ('error' in check) {
      setError(check.error);
      return;
    }
    setError(undefined);
    onSearch(check.filter);
  };
  const clear = () => {
    setInput(EMPTY);
    setError(undefined);
    onReset();
  };
  const describedBy = error ? ERROR_ID : undefined;

  return (
    <Box component="form" role="search" aria-label={t('verification.search.label')} noValidate onSubmit={search}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
        <TextField
          name="userId"
          label={t('verification.search.userId')}
          placeholder={t('verification.search.userIdPlaceholder')}
          value={input.userId}
          error={Boolean(error)}
          onChange={(event) => {
            const userId = event.target.value;
            setInput((current) => ({ ...current, userId }));
            if (userId === '') {
              setError(undefined);
              onReset();
            }
          }}
          autoComplete="off"
          sx={{ flex: 2, minWidth: { md: '26rem' } }}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { maxLength: 64, spellCheck: false, 'aria-describedby': describedBy },
          }}
        />
        <NativeSelect
          name="healthSystem"
          label={t('verification.search.healthSystem')}
          value={input.healthSystem}
          placeholder={t('verification.search.chooseHealthSystem')}
          options={[
            { value: ALL_HEALTH_SYSTEMS, label: t('verification.search.allHealthSystems') },
            ...(systems.data ?? []).map((system) => ({ value: system.value, label: system.name })),
          ]}
          onChange={(healthSystem) => setInput((current) => ({ ...current, healthSystem }))}
          describedBy={error === VERIFICATION_MESSAGES.searchNeeded ? describedBy : undefined}
          sx={{ flex: 1, minWidth: '16rem' }}
        />
        <Stack direction="row" spacing={1} sx={{ pt: { md: 1 } }}>
          <Button type="submit" variant="contained">
            {t('verification.search.search')}
          </Button>
          <Button type="button" variant="outlined" onClick={clear}>
            {t('verification.search.clear')}
          </Button>
        </Stack>
      </Stack>
      <FieldError id={ERROR_ID} message={error} />
    </Box>
  );
}
