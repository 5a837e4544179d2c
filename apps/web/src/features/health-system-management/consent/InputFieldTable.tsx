import { Button, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { useTranslation } from '../../../lib/use-translation';
import type { TInputFieldSettings } from '@portal/shared/health-systems/consent-form-settings';
import { visuallyHidden } from '../../../components/ui/VisuallyHidden';
import { FIELD_TYPE_KEYS } from './field-types';

export interface InputFieldTableProps {
  /** The form's language, by name; it names the table. */
  languageName: string;
  fields: TInputFieldSettings[];
  /** Edit and Delete of a row (by its position); a read-only list without them. */
  onEdit?(index: number): void;
  onDelete?(index: number): void;
}

const COLUMNS = [
  'healthSystems.consentStep.columns.description',
  'healthSystems.consentStep.columns.type',
  'healthSystems.consentStep.columns.page',
  'healthSystems.consentStep.columns.x',
  'healthSystems.consentStep.columns.y',
  'healthSystems.consentStep.columns.width',
  'healthSystems.consentStep.columns.height',
  'healthSystems.consentStep.columns.required',
];

/** The input fields of a language's consent form: where each sits (PDF points), and whether it must be filled. */
export function InputFieldTable({ languageName, fields, onEdit, onDelete }: InputFieldTableProps) {
  const { t } = useTranslation();
  const withActions = Boolean(onEdit && onDelete);
  const columns = withActions ? [...COLUMNS, 'healthSystems.consentStep.columns.actions'] : COLUMNS;
  return (
    <TableContainer>
      <Table size="small">
        <caption style={visuallyHidden}>
          {t('healthSystems.consentStep.fieldsCaption', { language: languageName })}
        </caption>
        <TableHead>
          <TableRow>
            {columns.map((key) => (
              <TableCell key={key} component="th" scope="col">
                {t(key)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {fields.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length}>{t('healthSystems.consentStep.noFields')}</TableCell>
            </TableRow>
          ) : (
            fields.map((field, index) => (
              <TableRow key={`${index}-${field.description}`}>
                <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                  {field.description}
                </TableCell>
                <TableCell>{t(FIELD_TYPE_KEYS[field.type])}</TableCell>
                <TableCell>{field.coordinates.page}</TableCell>
                <TableCell>{field.coordinates.x}</TableCell>
                <TableCell>{field.coordinates.y}</TableCell>
                <TableCell>{field.dimensions.width}</TableCell>
                <TableCell>{field.dimensions.height}</TableCell>
                <TableCell>
                  {t(field.isRequired ? 'healthSystems.consentStep.yes' : 'healthSystems.consentStep.no')}
                </TableCell>
                {withActions && (
                  <TableCell>
                    <Stack direction="row" spacing={1}>
                      <Button
                        size="small"
                        onClick={() => onEdit!(index)}
                        aria-label={t('healthSystems.consentStep.editField', { field: field.description })}
                      >
                        {t('healthSystems.consentStep.edit')}
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        onClick={() => onDelete!(index)}
                        aria-label={t('healthSystems.consentStep.deleteField', { field: field.description })}
                      >
                        {t('healthSystems.consentStep.delete')}
                      </Button>
                    </Stack>
                  </TableCell>
                )}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
