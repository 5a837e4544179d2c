import { Box, Button, Typography } from '@mui/material';
import { useRef, type ReactNode } from 'react';

/** A group of the editor's fields: a fieldset named by its legend, with a hint (`<id>-hint`) under it. */
export function FormSection({
  id,
  legend,
  hint,
  children,
}: {
  id: string;
  legend: string;
  hint: string;
  children: ReactNode;
}) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 3 }}>
      <Typography component="legend" variant="h4" sx={{ fontSize: '1.125rem', fontWeight: 600 }}>
        {legend}
      </Typography>
      <Typography id={`${id}-hint`} variant="body2" sx={{ mt: 1 }}>
        {hint}
      </Typography>
      {children}
    </Box>
  );
}

/** A button that opens the file picker for one kind of file (`accept`) and hands over the file chosen. */
export function FileButton({
  label,
  accept,
  disabled,
  onFile,
}: {
  label: string;
  accept: string;
  disabled?: boolean;
  onFile(file: File): void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant="outlined" onClick={() => input.current?.click()} disabled={disabled}>
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        aria-hidden
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so choosing the same file again reads it again.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
