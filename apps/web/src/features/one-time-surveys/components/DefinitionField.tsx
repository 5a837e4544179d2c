import { Box, Typography } from '@mui/material';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { FormTextField } from '../../../components/ui/FormTextField';
import { PageLoading } from '../../../components/ui/PageLoading';
import { type DefinitionCheck, readDefinitionFile } from './definition-check';
import { FileButton, FormSection } from './FormSection';
import { checkDefinitionOnce, type OneTimeForm } from './one-time-form';

// The form engine's renderer and its styles load only once a definition is there to preview.
const DefinitionPreview = lazy(() => import('./DefinitionPreview'));

/**
 * The form: a SurveyJS JSON definition pasted or uploaded, checked by the form engine as it changes, and once
 * it reads, previewed in English and Spanish.
 */
export function DefinitionField({ form }: { form: UseFormReturn<OneTimeForm> }) {
  const { t } = useTranslation();
  const text = useWatch({ control: form.control, name: 'definition' });
  const [check, setCheck] = useState<DefinitionCheck>();

  useEffect(() => {
    let current = true;
    void checkDefinitionOnce(text).then((result) => current && setCheck(result));
    return () => {
      current = false;
    };
  }, [text]);

  const onFile = async (file: File) => {
    const read = await readDefinitionFile(file);
    if ('error' in read) form.setError('definition', { type: 'file', message: read.error }, { shouldFocus: true });
    else form.setValue('definition', read.text, { shouldValidate: true, shouldDirty: true, shouldTouch: true });
  };

  const { ref, ...field } = form.register('definition');
  const error = form.formState.errors.definition?.message;
  return (
    <FormSection
      id="definition"
      legend={t('oneTimeSurveys.definition.legend')}
      hint={t('oneTimeSurveys.definition.hint')}
    >
      <Box sx={{ mt: 2 }}>
        <FileButton
          label={t('oneTimeSurveys.definition.upload')}
          accept=".json,application/json"
          onFile={(file) => void onFile(file)}
        />
      </Box>
      <FormTextField
        {...field}
        id="definition"
        inputRef={ref}
        multiline
        minRows={6}
        maxRows={18}
        label={t('oneTimeSurveys.definition.label')}
        describedBy="definition-hint definition-status"
        errorMessage={error}
        slotProps={{ input: { sx: { fontFamily: 'monospace', fontSize: '0.875rem' } } }}
      />
      <Typography id="definition-status" role="status" variant="body2" sx={{ mt: 1, minHeight: '1.5em' }}>
        {check?.ok
          ? t('oneTimeSurveys.definition.read', {
              questions: t('oneTimeSurveys.definition.questions', { count: check.questions }),
              pages: t('oneTimeSurveys.definition.pages', { count: check.pages }),
            })
          : check?.detail && text.trim() !== ''
            ? t('oneTimeSurveys.definition.detail', { detail: check.detail })
            : ''}
      </Typography>
      {check?.ok && (
        <Suspense fallback={<PageLoading />}>
          <DefinitionPreview definition={check.definition} />
        </Suspense>
      )}
    </FormSection>
  );
}
