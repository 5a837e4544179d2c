import { Alert, Box } from '@mui/material';

/**
 * What a panel's last change did, above what it changed: the server's message in a status region that is always
 * there, so it is read out as it appears, or its refusal in an alert.
 */
export function ChangeOutcome({ done, failure }: { done?: string; failure?: string }) {
  return (
    <>
      <Box role="status">
        {done && (
          <Alert severity="success" sx={{ mb: 2 }}>
            {done}
          </Alert>
        )}
      </Box>
      {failure && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
    </>
  );
}
