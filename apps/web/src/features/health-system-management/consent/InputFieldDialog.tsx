import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import type { z } from 'zod';
import {
  FIELD_DESCRIPTION_MAX,
  ZInputFieldSettings,
  type TInputFieldSettings,
} from '@portal/shared/health-systems/consent-form-settings';
import { FormTextField } from '../../../components/ui/FormTextField';
import { SelectField } from '../../../components/ui/SelectField';
import { SubmitButton } from '../../../components/ui/SubmitButton';
import { applyServerErrors, serverFieldErrors, type ServerFieldError } from '../../../lib/server-errors';
import { useFieldTypes } from '../api/consent-forms-api';
import { FIELD_TYPE_KEYS } from './field-types';

type FieldForm = z.input<typeof ZInputFieldSettings>;

/** The boxes of the dialog, by their path in an input field; the server names them under `inputField.`. */
const NUMBER_FIELDS = [
  ['coordinates.page', 'healthSystems.fieldDialog.page'],
  ['coordinates.x', 'healthSystems.fieldDialog.x'],
  ['coordinates.y', 'healthSystems.fieldDialog.y'],
  ['dimensions.width', 'healthSystems.fieldDialog.width'],
  ['dimensions.height', 'healthSystems.fieldDialog.height'],
] as const;
const FIELD_PATHS = ['type', 'description', 'isRequired', ...NUMBER_FIELDS.map(([path]) => path)];
const SERVER_PREFIX = /^inputFields?(\.\d+)?\./;

const EMPTY: FieldForm = {
  type: '' as FieldForm['type'],
  description: '',
  coordinates: { page: 1, x: '', y: '' },
  dimensions: { width: '', height: '' },
  isRequired: false,
};

/** The server's refusals of the field's values, named by their path in the field. */
const fieldRefusals = (error: unknown): ServerFieldError[] =>
  serverFieldErrors(error).map((e) => ({ ...e, errorField: e.errorField.replace(SERVER_PREFIX, '') }));

export interface InputFieldDialogProps {
  /** The field to change; a new one when absent. */
  field?: TInputFieldSettings;
  /** Whether consent settings are changed on a registered system (then each change is published). */
  published: boolean;
  /** Saves the field; a refusal naming fields keeps the dialog open with each message on its box. */
  onSave(field: TInputFieldSettings): void | Promise<void>;
  onCancel(): void;
}

/** 'Add Input Field' / 'Edit Input Field': its type, description, place and size on the page (points), required. */
export function InputFieldDialog({ field, published, onSave, onCancel }: InputFieldDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const fieldTypes = useFieldTypes();
  const [unplaced, setUnplaced] = useState<ServerFieldError[]>([]);
  const { register, control, handleSubmit, setError, getFieldState, formState } = useForm<
    FieldForm,
    unknown,
    TInputFieldSettings
  >({
    resolver: zodResolver(ZInputFieldSettings),
    defaultValues: field ?? EMPTY,
    mode: 'onSubmit',
  });
  const { errors, isSubmitting } = formState;

  const { ref: descriptionRef, ...description } = register('description');

  const submit = handleSubmit(async (values) => {
    setUnplaced([]);
    try {
      await onSave(values);
    } catch (error) {
      setUnplaced(applyServerErrors(fieldRefusals(error), FIELD_PATHS, setError));
    }
  });
  const options = (fieldTypes.data?.types ?? []).map((o) => ({
    value: o.value,
    label: o.value in FIELD_TYPE_KEYS ? t(FIELD_TYPE_KEYS[o.value as keyof typeof FIELD_TYPE_KEYS]) : o.label,
  }));

  return (
    <Dialog open onClose={() => !isSubmitting && onCancel()} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>
        {t(field ? 'healthSystems.fieldDialog.editTitle' : 'healthSystems.fieldDialog.addTitle')}
      </DialogTitle>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogContent>
          {published && <Typography sx={{ mb: 1 }}>{t('healthSystems.consentStep.editTip')}</Typography>}
          <SelectField
            control={control}
            name="type"
            label={t('healthSystems.fieldDialog.type')}
            options={options}
            errorMessage={errors.type?.message}
          />
          {fieldTypes.data?.fallback && (
            <Typography variant="body2" color="text.secondary">
              {t('healthSystems.fieldDialog.fallbackTypes')}
            </Typography>
          )}
          <FormTextField
            {...description}
            id="description"
            inputRef={descriptionRef}
            multiline
            minRows={2}
            maxLength={FIELD_DESCRIPTION_MAX}
            label={t('healthSystems.fieldDialog.description')}
            errorMessage={errors.description?.message}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {t('healthSystems.fieldDialog.pointsHint')}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
            {NUMBER_FIELDS.map(([path, label]) => {
              const { ref, ...registration } = register(path);
              return (
                <Box key={path}>
                  <FormTextField
                    {...registration}
                    id={path}
                    inputRef={ref}
                    type="number"
                    inputMode="decimal"
                    label={t(label)}
                    errorMessage={getFieldState(path, formState).error?.message}
                  />
                </Box>
              );
            })}
          </Box>
          <Controller
            control={control}
            name="isRequired"
            render={({ field: { value, onChange, onBlur, ref } }) => (
              <FormControlLabel
                sx={{ mt: 1 }}
                label={t('healthSystems.fieldDialog.required')}
                control={
                  <Checkbox
                    checked={value === true}
                    onChange={(_event, checked) => onChange(checked)}
                    onBlur={onBlur}
                    inputRef={ref}
                  />
                }
              />
            )}
          />
          {unplaced.length > 0 && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {unplaced.map((e) => (
                <div key={`${e.errorField}-${e.message}`}>{t(e.message, { defaultValue: e.message })}</div>
              ))}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={isSubmitting}>
            {t('healthSystems.fieldDialog.cancel')}
          </Button>
          <SubmitButton busy={isSubmitting} label={t('healthSystems.fieldDialog.save')} />
        </DialogActions>
      </Box>
    </Dialog>
  );
}
