import { forwardRef, useId } from 'react';
import { Button, Checkbox, FormControlLabel, Paper, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from '../../../lib/use-translation';
import { CONSENT_FIELD_TYPES, type ConsentFieldType } from '@portal/shared/consent/ceremony';
import { type EditorField, type FieldInput, type FieldProblem } from './editor-fields';
import { FIELD_TYPE_KEYS } from '../consent/field-types';

/** A number box left empty is NaN, which the shared rules report as missing. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
const textOf = (value: number) => (Number.isFinite(value) ? String(value) : '');

interface FieldCardProps {
  field: EditorField;
  number: number;
  selected: boolean;
  problems: Partial<Record<FieldInput, FieldProblem>>;
  onSelect(): void;
  onChange(field: EditorField): void;
  onDelete(): void;
}

/** A field's settings in the side panel, as numbers and words, kept in step with its box on the page. */
export const FieldCard = forwardRef<HTMLDivElement, FieldCardProps>(function FieldCard(
  { field, number, selected, problems, onSelect, onChange, onDelete },
  ref,
) {
  const { t } = useTranslation();
  const id = useId();
  const headingId = `${id}-heading`;
  const message = (input: FieldInput) => {
    const problem = problems[input];
    return problem ? t(problem.message, problem.values) : undefined;
  };
  const place = (input: 'page' | 'x' | 'y', text: string) =>
    onChange({ ...field, coordinates: { ...field.coordinates, [input]: numberOf(text) } });
  const size = (input: 'width' | 'height', text: string) =>
    onChange({ ...field, dimensions: { ...field.dimensions, [input]: numberOf(text) } });
  const numberBox = (input: 'page' | 'x' | 'y' | 'width' | 'height', label: string, value: number) => (
    <TextField
      key={input}
      label={label}
      type="number"
      size="small"
      value={textOf(value)}
      onChange={(event) =>
        input === 'width' || input === 'height' ? size(input, event.target.value) : place(input, event.target.value)
      }
      error={Boolean(problems[input])}
      helperText={message(input)}
      slotProps={{ htmlInput: { min: input === 'page' ? 1 : 0, step: 1, inputMode: 'decimal' } }}
      sx={{ width: 112 }}
    />
  );

  return (
    <Paper
      ref={ref}
      role="group"
      aria-labelledby={headingId}
      variant="outlined"
      onFocus={onSelect}
      sx={{ p: 1.5, borderColor: selected ? 'primary.main' : undefined, borderWidth: selected ? 2 : 1 }}
    >
      <Typography id={headingId} component="h4" variant="subtitle2" sx={{ mb: 1 }}>
        {t('healthSystems.editor.fieldHeading', { number, description: field.description })}
      </Typography>
      <Stack spacing={1.5}>
        <TextField
          label={t('healthSystems.fieldDialog.description')}
          size="small"
          value={field.description}
          onChange={(event) => onChange({ ...field, description: event.target.value })}
          error={Boolean(problems.description)}
          helperText={message('description')}
          required
        />
        <TextField
          select
          label={t('healthSystems.fieldDialog.type')}
          size="small"
          value={field.type}
          onChange={(event) => onChange({ ...field, type: event.target.value as ConsentFieldType })}
          error={Boolean(problems.type)}
          helperText={message('type')}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          {CONSENT_FIELD_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(FIELD_TYPE_KEYS[type])}
            </option>
          ))}
        </TextField>
        <Stack direction="row" flexWrap="wrap" useFlexGap spacing={1}>
          {numberBox('page', t('healthSystems.fieldDialog.page'), field.coordinates.page)}
          {numberBox('x', t('healthSystems.fieldDialog.x'), field.coordinates.x)}
          {numberBox('y', t('healthSystems.fieldDialog.y'), field.coordinates.y)}
          {numberBox('width', t('healthSystems.fieldDialog.width'), field.dimensions.width)}
          {numberBox('height', t('healthSystems.fieldDialog.height'), field.dimensions.height)}
        </Stack>
        {problems.place && (
          <Typography role="alert" color="error" variant="body2">
            {message('place')}
          </Typography>
        )}
        <Stack direction="row" justifyContent="space-between" alignItems="center">
          <FormControlLabel
            control={
              <Checkbox
                checked={field.isRequired}
                onChange={(event) => onChange({ ...field, isRequired: event.target.checked })}
              />
            }
            label={t('healthSystems.fieldDialog.required')}
          />
          <Button color="error" onClick={onDelete}>
            {t('healthSystems.editor.delete')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
});
