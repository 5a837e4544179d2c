import { Button, Paper, Stack, TextField, ToggleButton, Typography } from '@mui/material';
import { CONSENT_FIELD_TYPES, type ConsentFieldType } from '@portal/shared/consent/ceremony';
import { useTranslation } from '../../../lib/use-translation';
import { FIELD_TYPE_KEYS } from '../consent/field-types';

interface NewFieldPanelProps {
  type: ConsentFieldType;
  onType(type: ConsentFieldType): void;
  description: string;
  onDescription(description: string): void;
  /** Why the last field could not be added (a text key). */
  problem?: string;
  canAdd: boolean;
  /** Adds a field of the type and description at the top left of the page shown. */
  onAdd(): void;
  drawMode: boolean;
  onToggleDraw(): void;
}

/** A new field's type and description, added at the page's corner or drawn on the page. */
export function NewFieldPanel(props: NewFieldPanelProps) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography component="h3" variant="subtitle1" sx={{ mb: 1 }}>
        {t('healthSystems.editor.newField')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} alignItems="flex-start">
        <TextField
          select
          label={t('healthSystems.fieldDialog.type')}
          size="small"
          value={props.type}
          onChange={(event) => props.onType(event.target.value as ConsentFieldType)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 150 }}
        >
          {CONSENT_FIELD_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(FIELD_TYPE_KEYS[type])}
            </option>
          ))}
        </TextField>
        <TextField
          label={t('healthSystems.fieldDialog.description')}
          size="small"
          value={props.description}
          onChange={(event) => props.onDescription(event.target.value)}
          error={Boolean(props.problem)}
          helperText={props.problem ? t(props.problem) : undefined}
          sx={{ flex: 1, minWidth: 200 }}
        />
        <Button variant="outlined" disabled={!props.canAdd} onClick={props.onAdd}>
          {t('healthSystems.editor.add')}
        </Button>
        <ToggleButton
          value="draw"
          size="small"
          selected={props.drawMode}
          disabled={!props.canAdd}
          onChange={props.onToggleDraw}
          sx={{ textTransform: 'none' }}
        >
          {t('healthSystems.editor.draw')}
        </ToggleButton>
      </Stack>
      <Typography variant="body2" role="status" sx={{ mt: 1, minHeight: '1.5em' }}>
        {props.drawMode ? t('healthSystems.editor.drawHint') : ''}
      </Typography>
    </Paper>
  );
}
