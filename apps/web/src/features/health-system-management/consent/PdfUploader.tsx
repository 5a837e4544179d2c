import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { visuallyHidden } from '../../../components/ui/VisuallyHidden';
import { focusRing } from '../../../components/ui/styles';
import type { ConsentProblem } from './consent-drafts';
import { pickedFileProblem } from './picked-file';

export interface PdfUploaderProps {
  languageName: string;
  /** The file chosen so far, shown with Remove; none yet when null. */
  file: File | null;
  onPick(file: File): void;
  onRemove?(): void;
  /** Closes the uploader (replacing a stored form's PDF). */
  onClose?(): void;
}

/** Picks a language's consent PDF: only a PDF file (by type, name and first bytes) of at most 5 MB is taken. */
export function PdfUploader({ languageName, file, onPick, onRemove, onClose }: PdfUploaderProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const [problem, setProblem] = useState<ConsentProblem>();

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    // The same file picked again after a refusal is a change too.
    event.target.value = '';
    if (!picked) return;
    const refusal = await pickedFileProblem(picked, languageName);
    setProblem(refusal);
    if (!refusal) onPick(picked);
  };

  return (
    <Box sx={{ my: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          onClick={() => input.current?.click()}
          aria-describedby={problem ? errorId : undefined}
          sx={focusRing}
        >
          {t('healthSystems.consentStep.choosePdf')}
        </Button>
        {/* The button opens the picker; the box itself stays out of the tab order. */}
        <input
          ref={input}
          tabIndex={-1}
          type="file"
          accept=".pdf,application/pdf"
          style={visuallyHidden}
          aria-label={t('healthSystems.consentStep.pdfLabel', { language: languageName })}
          aria-describedby={problem ? errorId : undefined}
          onChange={(event) => void pick(event)}
        />
        {onClose && <Button onClick={onClose}>{t('healthSystems.consentStep.close')}</Button>}
      </Stack>
      {problem && (
        <Alert id={errorId} severity="error" role="alert" sx={{ mt: 1 }}>
          {t(problem.message, problem.values)}
        </Alert>
      )}
      {file && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1 }}>
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            {t('healthSystems.consentStep.chosenFile', { file: file.name })}
          </Typography>
          {onRemove && (
            <Button
              color="error"
              onClick={onRemove}
              aria-label={t('healthSystems.consentStep.removeFile', { file: file.name })}
            >
              {t('healthSystems.consentStep.remove')}
            </Button>
          )}
        </Stack>
      )}
    </Box>
  );
}
