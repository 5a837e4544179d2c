import { Button, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { FieldError } from '../../../components/ui/FieldError';
import { CsvRefused, readParticipantCsv } from './csv-participants';
import { FileButton, FormSection } from './FormSection';
import { readPastedParticipants, type ParticipantList } from './participant-list';

/** Where the participants came from: typed or pasted into the box, or a CSV file (its name). */
export type ParticipantSource = { kind: 'pasted'; text: string } | { kind: 'csv'; fileName: string };

/**
 * The participants: e-mails or user IDs pasted into a box, or a CSV file of them read in the browser with its
 * progress. What was read is summed up (how many, repeats and a header line dropped); nothing is sent yet.
 */
export function ParticipantsField({
  source,
  list,
  error,
  onRead,
}: {
  source: ParticipantSource;
  list: ParticipantList | undefined;
  /** A catalog key or the server's words. */
  error?: string;
  onRead(source: ParticipantSource, list: ParticipantList | undefined): void;
}) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number>();
  const [fileError, setFileError] = useState<string>();

  const onFile = async (file: File) => {
    setFileError(undefined);
    setProgress(0);
    try {
      const read = await readParticipantCsv(file, setProgress);
      onRead({ kind: 'csv', fileName: file.name }, read);
    } catch (refusal) {
      setFileError(refusal instanceof CsvRefused ? refusal.message : 'oneTimeSurveys.participants.csvUnreadable');
    } finally {
      setProgress(undefined);
    }
  };

  const shownError = fileError ?? error;
  return (
    <FormSection
      id="participants"
      legend={t('oneTimeSurveys.participants.legend')}
      hint={t('oneTimeSurveys.participants.hint')}
    >
      <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <FileButton
          label={t('oneTimeSurveys.participants.upload')}
          accept=".csv,text/csv"
          disabled={progress !== undefined}
          onFile={(file) => void onFile(file)}
        />
        {source.kind === 'csv' && (
          <Button onClick={() => onRead({ kind: 'pasted', text: '' }, undefined)}>
            {t('oneTimeSurveys.participants.clearFile')}
          </Button>
        )}
      </Stack>
      {progress !== undefined && (
        <LinearProgress
          variant="determinate"
          value={Math.round(progress * 100)}
          aria-label={t('oneTimeSurveys.participants.reading')}
          sx={{ mt: 2 }}
        />
      )}
      {source.kind === 'pasted' ? (
        <TextField
          id="participants"
          name="participants"
          fullWidth
          multiline
          minRows={4}
          maxRows={12}
          margin="normal"
          label={t('oneTimeSurveys.participants.label')}
          value={source.text}
          error={Boolean(shownError)}
          onChange={(event) => {
            const text = event.target.value;
            onRead({ kind: 'pasted', text }, text.trim() ? readPastedParticipants(text) : undefined);
          }}
          slotProps={{
            htmlInput: {
              'aria-describedby': ['participants-hint', 'participants-summary', shownError && 'participants-error']
                .filter(Boolean)
                .join(' '),
            },
          }}
        />
      ) : (
        <Typography sx={{ mt: 2 }}>
          {t('oneTimeSurveys.participants.fromFile', { fileName: source.fileName })}
        </Typography>
      )}
      <FieldError id="participants-error" message={shownError} />
      <Typography id="participants-summary" role="status" variant="body2" sx={{ mt: 1, minHeight: '1.5em' }}>
        {list ? <ListSummary list={list} /> : ''}
      </Typography>
    </FormSection>
  );
}

function ListSummary({ list }: { list: ParticipantList }) {
  const { t } = useTranslation();
  return [
    t('oneTimeSurveys.participants.count', { count: list.rows.length }),
    list.header && t('oneTimeSurveys.participants.headerDropped'),
    list.duplicates > 0 && t('oneTimeSurveys.participants.duplicatesDropped', { count: list.duplicates }),
    list.tooMany && t('error.oneTime.tooManyParticipants'),
  ]
    .filter(Boolean)
    .join(' ');
}
