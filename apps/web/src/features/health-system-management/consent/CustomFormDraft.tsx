import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { Language } from '@portal/shared/constants';
import type { TInputFieldSettings } from '@portal/shared/health-systems/consent-form-settings';
import { LazyFieldPlacementEditor } from '../editor/LazyFieldPlacementEditor';
import { InputFieldDialog } from './InputFieldDialog';
import { InputFieldTable } from './InputFieldTable';
import { PdfUploader } from './PdfUploader';

export interface CustomForm {
  file: File | null;
  inputFields: TInputFieldSettings[];
}

/**
 * A custom consent form not yet published: its PDF and its input fields, kept here until the system is registered
 * or the change applied. Fields are typed in a dialog or placed on the PDF in the visual editor.
 */
export function CustomFormDraft({
  language,
  languageName,
  form,
  onChange,
}: {
  language: Language;
  languageName: string;
  form: CustomForm;
  onChange(form: CustomForm): void;
}) {
  const { t } = useTranslation();
  // The field being typed: its position, or 'new'.
  const [editing, setEditing] = useState<number | 'new'>();
  const [placing, setPlacing] = useState(false);
  const { file, inputFields } = form;
  const setFields = (fields: TInputFieldSettings[]) => onChange({ file, inputFields: fields });

  return (
    <>
      <PdfUploader
        languageName={languageName}
        file={file}
        onPick={(picked) => onChange({ file: picked, inputFields })}
        onRemove={() => onChange({ file: null, inputFields })}
      />
      <InputFieldTable
        languageName={languageName}
        fields={inputFields}
        onEdit={setEditing}
        onDelete={(index) => setFields(inputFields.filter((_field, i) => i !== index))}
      />
      <Stack direction="row" spacing={2} sx={{ mt: 2, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => setEditing('new')}>
          {t('healthSystems.consentStep.addField')}
        </Button>
        <Button variant="outlined" disabled={!file} onClick={() => setPlacing(true)}>
          {t('healthSystems.consentStep.placeFields')}
        </Button>
      </Stack>
      {editing !== undefined && (
        <InputFieldDialog
          field={editing === 'new' ? undefined : inputFields[editing]}
          published={false}
          onSave={(field) => {
            setFields(
              editing === 'new' ? [...inputFields, field] : inputFields.map((f, i) => (i === editing ? field : f)),
            );
            setEditing(undefined);
          }}
          onCancel={() => setEditing(undefined)}
        />
      )}
      {file && placing && (
        <LazyFieldPlacementEditor
          pdf={file}
          language={language}
          fields={inputFields}
          onSave={(fields) => {
            setFields(fields);
            setPlacing(false);
          }}
          onCancel={() => setPlacing(false)}
        />
      )}
    </>
  );
}
