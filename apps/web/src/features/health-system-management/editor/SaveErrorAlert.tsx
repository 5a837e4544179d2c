import { Alert, List, ListItem, Typography } from '@mui/material';
import { useTranslation } from '../../../lib/use-translation';

/** Why the fields could not be saved (a text key, or the server's message), and each field's problem. */
export function SaveErrorAlert({ message, fields }: { message: string; fields: string[] }) {
  const { t } = useTranslation();
  return (
    <Alert severity="error" role="alert" sx={{ borderRadius: 0 }}>
      <Typography>{t(message, { defaultValue: message })}</Typography>
      {fields.length > 0 && (
        <List dense disablePadding>
          {fields.map((text) => (
            <ListItem key={text} disableGutters>
              {text}
            </ListItem>
          ))}
        </List>
      )}
    </Alert>
  );
}
