import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { viewConsentFile } from '../api/consent-forms-api';

/** A stored form's file name with 'View File', which opens the PDF in a new tab (or saves it when blocked). */
export function ViewFileButton({
  fileId,
  fileName,
  actions,
}: {
  fileId: string | null;
  fileName: string | null;
  /** Further buttons beside View File (Edit, in edit mode). */
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState<string>();
  const [opening, setOpening] = useState(false);
  const view = async () => {
    if (!fileId) return setProblem('healthSystems.consentStep.noFileId');
    setProblem(undefined);
    setOpening(true);
    try {
      await viewConsentFile(fileId);
    } catch {
      setProblem('healthSystems.consentStep.viewFailed');
    } finally {
      setOpening(false);
    }
  };
  return (
    <Box>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ overflowWrap: 'anywhere' }}>
          {t('healthSystems.consentStep.fileName', { file: fileName ?? '' })}
        </Typography>
        <Button variant="outlined" onClick={() => void view()} disabled={opening}>
          {t('healthSystems.consentStep.viewFile')}
        </Button>
        {actions}
      </Stack>
      {problem && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {t(problem)}
        </Alert>
      )}
    </Box>
  );
}
