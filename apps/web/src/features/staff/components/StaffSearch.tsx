import { Box, Button, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { STAFF_SEARCH_MAX } from '@portal/shared/staff/staff';
import { useTranslation } from '../../../lib/use-translation';

/** A name or e-mail address to look for (any part, any letter case), Search (or Enter) and Clear. */
export function StaffSearch({ onSearch }: { onSearch(search: string): void }) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const search = (event: FormEvent) => {
    event.preventDefault();
    onSearch(input.trim());
  };
  const clear = () => {
    setInput('');
    onSearch('');
  };
  return (
    <Box component="form" role="search" aria-label={t('staff.search.label')} noValidate onSubmit={search}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          name="search"
          label={t('staff.search.field')}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          autoComplete="off"
          sx={{ flex: 1, maxWidth: { sm: '28rem' } }}
          slotProps={{ htmlInput: { maxLength: STAFF_SEARCH_MAX, spellCheck: false } }}
        />
        <Stack direction="row" spacing={1} sx={{ pt: { sm: 1 } }}>
          <Button type="submit" variant="contained">
            {t('staff.search.submit')}
          </Button>
          <Button type="button" variant="outlined" onClick={clear}>
            {t('staff.search.clear')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
