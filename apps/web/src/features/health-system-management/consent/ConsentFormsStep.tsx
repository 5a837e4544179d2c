import { Typography } from '@mui/material';
import { useState, type JSX } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { Language } from '@portal/shared/constants';
import { LoadFailedAlert } from '../../../components/ui/LoadFailedAlert';
import { PageLoading } from '../../../components/ui/PageLoading';
import { serverMessage } from '../../../lib/api-client';
import { useConsentTab, useReloadConsentTab } from '../api/consent-forms-api';
import { LANGUAGE_NAME_KEYS, type ConsentDraft, type ConsentProblem } from './consent-drafts';
import { CustomFormDraft } from './CustomFormDraft';
import { EditLanguagePanel, type Publish } from './EditLanguagePanel';
import { DefaultFormNotice, LanguageSection, UseDefaultSwitch } from './LanguageSection';
import { ProblemList } from './ProblemList';
import { PublishDialog, type PublishRequest } from './PublishDialog';

export type ConsentFormsStepProps =
  | { mode: 'create'; drafts: ConsentDraft[]; onChange(drafts: ConsentDraft[]): void; problems: ConsentProblem[] }
  | { mode: 'edit' | 'view'; healthSystemId: string };

/** Each language's name in the reader's language. */
export function useLanguageName() {
  const { t } = useTranslation();
  return (language: Language) => t(LANGUAGE_NAME_KEYS[language]);
}

/**
 * The Consent Forms step: one panel per language, on the study's default form or a custom PDF with its input
 * fields. While registering, the forms are drafts the modal sends with the system; once registered, each change
 * publishes a new version of that language's form.
 */
export function ConsentFormsStep(props: ConsentFormsStepProps): JSX.Element {
  return props.mode === 'create' ? (
    <CreateConsentForms drafts={props.drafts} onChange={props.onChange} problems={props.problems} />
  ) : (
    <RegisteredConsentForms healthSystemId={props.healthSystemId} editable={props.mode === 'edit'} />
  );
}

function CreateConsentForms({
  drafts,
  onChange,
  problems,
}: {
  drafts: ConsentDraft[];
  onChange(drafts: ConsentDraft[]): void;
  problems: ConsentProblem[];
}) {
  const languageName = useLanguageName();
  const update = (language: Language, change: Partial<ConsentDraft>) =>
    onChange(drafts.map((d) => (d.language === language ? { ...d, ...change } : d)));
  return (
    <>
      {drafts.map((draft) => (
        <LanguageSection key={draft.language} languageName={languageName(draft.language)}>
          <UseDefaultSwitch checked={draft.useDefault} onChange={(on) => update(draft.language, { useDefault: on })} />
          {draft.useDefault ? (
            <DefaultFormNotice />
          ) : (
            <CustomFormDraft
              language={draft.language}
              languageName={languageName(draft.language)}
              form={draft}
              onChange={(form) => update(draft.language, form)}
            />
          )}
        </LanguageSection>
      ))}
      {problems.length > 0 && <ProblemList problems={problems} />}
    </>
  );
}

function RegisteredConsentForms({ healthSystemId, editable }: { healthSystemId: string; editable: boolean }) {
  const { t } = useTranslation();
  const languageName = useLanguageName();
  const reload = useReloadConsentTab(healthSystemId);
  const tab = useConsentTab(healthSystemId);
  const [pending, setPending] = useState<PublishRequest>();

  if (!tab.data) {
    return tab.isError ? (
      <LoadFailedAlert
        message={serverMessage(tab.error) ?? t('healthSystems.consentStep.loadFailed')}
        onRetry={() => void tab.refetch()}
      />
    ) : (
      <PageLoading />
    );
  }
  const { revision, consentForms } = tab.data;
  return (
    <>
      {editable && <Typography sx={{ mb: 2 }}>{t('healthSystems.consentStep.editTip')}</Typography>}
      {consentForms.map((entry) => {
        const publish: Publish = (change, options) =>
          new Promise((resolve, reject) =>
            setPending({
              change,
              entry,
              languageName: languageName(entry.language),
              callerShowsFieldErrors: options?.callerShowsFieldErrors,
              onPublished: resolve,
              onNotPublished: reject,
            }),
          );
        return (
          <EditLanguagePanel
            // A new version is a new form: the panel starts afresh on it.
            key={`${entry.language}-${entry.id ?? 'default'}`}
            healthSystemId={healthSystemId}
            entry={entry}
            languageName={languageName(entry.language)}
            editable={editable}
            publish={publish}
          />
        );
      })}
      {pending && (
        <PublishDialog request={pending} revision={revision} onReload={reload} onClose={() => setPending(undefined)} />
      )}
    </>
  );
}
