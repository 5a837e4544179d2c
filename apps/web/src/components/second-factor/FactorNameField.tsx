import { Typography } from '@mui/material';
import { useId } from 'react';
import { FACTOR_NAME_MAX } from '@portal/shared/staff/second-factor';
import { FormTextField, type FormTextFieldProps } from '../ui/FormTextField';

/** The optional name of an app or a passkey, with a line saying what it is for, read with the box. */
export function FactorNameField({ help, ...props }: Omit<FormTextFieldProps, 'maxLength'> & { help: string }) {
  const helpId = useId();
  return (
    <>
      <FormTextField {...props} required={false} maxLength={FACTOR_NAME_MAX} autoComplete="off" describedBy={helpId} />
      <Typography id={helpId} variant="body2" color="text.secondary">
        {help}
      </Typography>
    </>
  );
}
