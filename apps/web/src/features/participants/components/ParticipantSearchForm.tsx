import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, Stack } from '@mui/material';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { EMAIL_MAX_LENGTH } from '@portal/shared/registration/registration-form';
import {
  PARTICIPANT_SEARCH_LIMIT,
  ZParticipantSearch,
  type TParticipantSearch,
} from '@portal/shared/participants/participants';
import { FormTextField } from '../../../components/ui/FormTextField';
import { useTranslation } from '../../../lib/use-translation';

/** One box, "E-mail, user ID or name", and Search; an empty box is refused under it. */
export function ParticipantSearchForm({ initial, onSearch }: { initial?: string; onSearch(query: string): void }) {
  const { t } = useTranslation();
  const fieldId = useId();
  const form = useForm<TParticipantSearch>({
    resolver: zodResolver(ZParticipantSearch),
    defaultValues: { query: initial ?? '' },
  });
  const search = form.handleSubmit((values) => onSearch(values.query.trim()));
  return (
    <Box component="form" role="search" aria-label={t('participantView.search.label')} noValidate onSubmit={search}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Box sx={{ flex: 1, maxWidth: 560 }}>
          <FormTextField
            {...form.register('query')}
            label={t('participantView.search.field')}
            errorMessage={form.formState.errors.query?.message}
            maxLength={EMAIL_MAX_LENGTH}
            autoComplete="off"
            spellCheck={false}
            id={fieldId}
            // MUI names the hint `<id>-helper-text`; the box is described by it and by any error.
            describedBy={`${fieldId}-helper-text`}
            helperText={t('participantView.search.hint', { limit: PARTICIPANT_SEARCH_LIMIT })}
          />
        </Box>
        <Box sx={{ pt: { sm: 3 } }}>
          <Button type="submit" variant="contained" size="large">
            {t('participantView.search.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
