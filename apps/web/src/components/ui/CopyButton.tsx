import { Alert, Box, Button, Typography } from '@mui/material';
import { useState } from 'react';

interface CopyButtonProps {
  text: string;
  label: string;
  /** Said once the text is on the clipboard. */
  copiedText: string;
  /** Said when the browser refused the clipboard, with what to do instead. */
  failedText: string;
}

/** Copies a text to the clipboard: "copied" is announced beside the button, a refusal in an alert under it. */
export function CopyButton({ text, label, copiedText, failedText }: CopyButtonProps) {
  const [copy, setCopy] = useState<'copied' | 'failed'>();
  // A browser without a clipboard (or a page not served over HTTPS) fails like a refusal.
  const copyText = () =>
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(text))
      .then(
        () => setCopy('copied'),
        () => setCopy('failed'),
      );
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2 }}>
        <Button variant="outlined" onClick={() => void copyText()}>
          {label}
        </Button>
        <Typography role="status" sx={{ minHeight: '1.5em' }}>
          {copy === 'copied' ? copiedText : ''}
        </Typography>
      </Box>
      {copy === 'failed' && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {failedText}
        </Alert>
      )}
    </Box>
  );
}
