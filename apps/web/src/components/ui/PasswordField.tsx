import { useState } from 'react';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { useTranslation } from 'react-i18next';

type PasswordFieldProps = Omit<TextFieldProps, 'type'> & { describedBy?: string };

/** A password box with a button that shows or hides what was typed (people who type slowly check it). */
export function PasswordField({ describedBy, slotProps, ...props }: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        ...slotProps,
        htmlInput: { 'aria-describedby': describedBy },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                onClick={() => setVisible((v) => !v)}
                aria-label={t(visible ? 'registration.fields.hidePassword' : 'registration.fields.showPassword')}
                aria-pressed={visible}
                edge="end"
              >
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
