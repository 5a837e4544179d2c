import { Box, Button, Checkbox, FormControlLabel, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { saveBlob } from '../../lib/blob-files';
import { useTranslation } from '../../lib/use-translation';
import { CopyButton } from '../ui/CopyButton';

const RECOVERY_CODES_FILE_NAME = 'recovery-codes.txt';

/**
 * The recovery codes, shown this once: a list to read, a text file to download (a line saying what they are, then
 * one code a line) and a Copy button. Continue waits for the box that says they were saved.
 */
export function RecoveryCodesPanel({ codes, onContinue }: { codes: readonly string[]; onContinue(): void }) {
  const { t } = useTranslation();
  const listId = useId();
  const [saved, setSaved] = useState(false);
  const text = [t('secondFactor.recovery.fileIntro', { studyName: t('shell.studyName') }), '', ...codes, ''].join('\n');

  return (
    <Box>
      <Typography sx={{ mb: 2 }}>{t('secondFactor.recovery.intro')}</Typography>
      <Typography id={listId} sx={{ fontWeight: 600 }}>
        {t('secondFactor.recovery.listLabel')}
      </Typography>
      <Box
        component="ul"
        aria-labelledby={listId}
        sx={{
          listStyle: 'none',
          p: 2,
          my: 1,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 1,
          fontFamily: 'monospace',
          fontSize: '1.125rem',
          bgcolor: 'action.hover',
          borderRadius: 1,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 2, mt: 2 }}>
        <Button
          variant="outlined"
          onClick={() => saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), RECOVERY_CODES_FILE_NAME)}
        >
          {t('secondFactor.recovery.download')}
        </Button>
        <CopyButton
          text={codes.join('\n')}
          label={t('secondFactor.recovery.copy')}
          copiedText={t('secondFactor.recovery.copied')}
          failedText={t('secondFactor.recovery.copyFailed')}
        />
      </Box>
      <FormControlLabel
        sx={{ mt: 2 }}
        control={<Checkbox checked={saved} onChange={(event) => setSaved(event.target.checked)} required />}
        label={t('secondFactor.recovery.saved')}
      />
      <Box sx={{ mt: 2 }}>
        <Button variant="contained" size="large" disabled={!saved} onClick={onContinue}>
          {t('secondFactor.recovery.continue')}
        </Button>
      </Box>
    </Box>
  );
}
