import { lazy, Suspense } from 'react';
import { Backdrop, CircularProgress } from '@mui/material';
import { useTranslation } from '../../../lib/use-translation';
import type { Language } from '@portal/shared/constants';
import type { TInputFieldEntry } from '@portal/shared/health-systems/consent-form-settings';

export interface FieldPlacementEditorProps {
  /** The PDF the fields sit on (an uploaded File, or the stored form fetched as a Blob). */
  pdf: Blob;
  language: Language;
  /** The fields to place; a stored field's `id` stays with it through the edits. */
  fields: TInputFieldEntry[];
  /** Save answers the edited list (in PDF points, top-left origin, y downward); a rejected promise keeps it open with the error shown. */
  onSave(fields: TInputFieldEntry[]): void | Promise<void>;
  onCancel(): void;
}

// react-pdf and pdf.js load with the editor, the first time it opens.
const FieldPlacementEditor = lazy(() => import('./FieldPlacementEditor'));

/** The visual field editor, loaded the first time it is shown; each showing starts from the fields it is given. */
export function LazyFieldPlacementEditor(props: FieldPlacementEditorProps) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <Backdrop open sx={{ zIndex: (theme) => theme.zIndex.modal }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Backdrop>
      }
    >
      <FieldPlacementEditor {...props} />
    </Suspense>
  );
}
