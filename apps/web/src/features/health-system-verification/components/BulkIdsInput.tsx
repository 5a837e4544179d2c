import { Box, Button, LinearProgress, Link, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { FieldError } from '../../../components/ui/FieldError';
import { visuallyHidden } from '../../../components/ui/VisuallyHidden';
import { CsvRefused } from '../../../lib/csv-list';
import { readIdCsv, type IdList } from './id-list';

/** The CSV template: its header and an example row. */
const TEMPLATE = 'userId\r\n123e4567-e89b-42d3-a456-426614174000\r\n';
const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(TEMPLATE)}`;
const IDS_ERROR_ID = 'verification-bulk-ids-error';
const FILE_ERROR_ID = 'verification-bulk-file-error';
const CSV_HINT_ID = 'verification-bulk-csv-hint';

/** Where the IDs come from: typed or pasted into the box, or a CSV file (its name). */
export type IdSource = { kind: 'pasted'; text: string } | { kind: 'csv'; fileName: string };

/**
 * The IDs of a bulk update: typed or pasted (one a line, or separated by commas), or imported from a CSV file
 * read in the browser with its progress; and the template to download.
 */
export function BulkIdsInput({
  source,
  error,
  disabled,
  onText,
  onFile,
}: {
  source: IdSource;
  /** A catalog key about the IDs, announced and tied to the box. */
  error?: string;
  disabled?: boolean;
  onText(text: string): void;
  /** A CSV file read (its IDs), or removed (undefined). */
  onFile(fileName: string | undefined, ids?: IdList): void;
}) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<number>();
  const [fileError, setFileError] = useState<string>();

  const read = async (file: File) => {
    setFileError(undefined);
    setProgress(0);
    try {
      onFile(file.name, await readIdCsv(file, setProgress));
    } catch (refusal) {
      setFileError(refusal instanceof CsvRefused ? refusal.message : 'verification.csv.unreadable');
    } finally {
      setProgress(undefined);
    }
  };

  return (
    <Box>
      {source.kind === 'pasted' ? (
        <TextField
          name="userIds"
          label={t('verification.bulk.idsLabel')}
          helperText={t('verification.bulk.idsHint')}
          multiline
          minRows={4}
          maxRows={10}
          fullWidth
          margin="normal"
          value={source.text}
          disabled={disabled}
          error={Boolean(error)}
          onChange={(event) => onText(event.target.value)}
          slotProps={{ htmlInput: { spellCheck: false, 'aria-describedby': error ? IDS_ERROR_ID : undefined } }}
        />
      ) : (
        <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            {t('verification.bulk.fromFile', { fileName: source.fileName })}
          </Typography>
          <Button onClick={() => onFile(undefined)} disabled={disabled}>
            {t('verification.bulk.removeFile')}
          </Button>
        </Stack>
      )}
      <FieldError id={IDS_ERROR_ID} message={error} />
      <Typography id={CSV_HINT_ID} variant="body2" sx={{ mt: 2 }}>
        {t('verification.bulk.csvHint')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          component="label"
          variant="outlined"
          role={undefined}
          tabIndex={-1}
          disabled={disabled || progress !== undefined}
          sx={{ '&:focus-within': { outline: '3px solid', outlineColor: 'primary.dark', outlineOffset: 2 } }}
        >
          {t('verification.bulk.importCsv')}
          <input
            type="file"
            accept=".csv,text/csv"
            style={visuallyHidden}
            disabled={disabled || progress !== undefined}
            aria-describedby={fileError ? `${CSV_HINT_ID} ${FILE_ERROR_ID}` : CSV_HINT_ID}
            onChange={(event) => {
              const file = event.target.files?.[0];
              // Cleared, so choosing the same file again reads it again.
              event.target.value = '';
              if (file) void read(file);
            }}
          />
        </Button>
        <Link href={TEMPLATE_HREF} download="verification_template.csv">
          {t('verification.bulk.template')}
        </Link>
      </Stack>
      {progress !== undefined && (
        <LinearProgress
          variant="determinate"
          value={Math.round(progress * 100)}
          aria-label={t('verification.bulk.reading')}
          sx={{ mt: 2 }}
        />
      )}
      <FieldError id={FILE_ERROR_ID} message={fileError} />
    </Box>
  );
}
