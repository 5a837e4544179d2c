import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../lib/use-translation';
import { HEALTH_SYSTEM_MESSAGES } from '@portal/shared/health-systems/health-system-info';
import { ApiError, serverMessage } from '../../../lib/api-client';
import { applyServerErrors, serverFieldErrors } from '../../../lib/server-errors';

/**
 * Puts a refused call's field errors under their fields (a `systemInfo.` prefix of an update's paths dropped);
 * answers the messages left for the step's alert: those naming no field of the form, or the server's message
 * (else `fallback`) when it named none.
 */
export function placeRefusal<F extends FieldValues>(
  error: unknown,
  fields: readonly string[],
  form: UseFormReturn<F>,
  fallback: string,
): string[] {
  const refused = serverFieldErrors(error).map((e) => ({
    ...e,
    errorField: e.errorField.replace(/^systemInfo\./, ''),
  }));
  const unplaced = applyServerErrors(refused, fields, form.setError);
  return refused.length === 0 ? [serverMessage(error) ?? fallback] : unplaced.map((e) => e.message);
}

/** What an edit-mode tab loaded: its values and the system's revision they belong to. */
interface Loaded {
  revision: number;
}

export interface TabUpdateOptions<T extends Loaded, F extends FieldValues> {
  form: UseFormReturn<F>;
  /** The tab as loaded when the form opened. */
  initial: T;
  /** Loads the tab again. */
  reload(): Promise<{ data?: T }>;
  toForm(loaded: T): F;
  /** Saves the form's values against the revision the form was loaded at; answers the new revision. */
  save(values: F, revision: number): Promise<{ message?: string; data?: { revision: number } }>;
  /** Form fields a refusal may name. */
  fields: readonly string[];
  successText: string;
  failureText: string;
}

/**
 * An edit-mode tab's own Update: saves against the revision it loaded, then shows the success; when another
 * administrator changed the system meanwhile (409) says so with Reload, which loads the latest values into the
 * form; other refusals land under their fields or in the tab's alert.
 */
export function useTabUpdate<T extends Loaded, F extends FieldValues>({
  form,
  initial,
  reload,
  toForm,
  save,
  fields,
  successText,
  failureText,
}: TabUpdateOptions<T, F>) {
  const { t } = useTranslation();
  const [revision, setRevision] = useState(initial.revision);
  const [stale, setStale] = useState<string>();
  const [problems, setProblems] = useState<string[]>([]);
  const [success, setSuccess] = useState<string>();

  const clear = () => {
    setStale(undefined);
    setProblems([]);
    setSuccess(undefined);
  };
  const onSubmit = form.handleSubmit(async (values) => {
    clear();
    try {
      const reply = await save(values, revision);
      setRevision(reply.data!.revision);
      form.reset(values);
      setSuccess(reply.message ?? successText);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409)
        setStale(serverMessage(error) ?? t(HEALTH_SYSTEM_MESSAGES.changedMeanwhile));
      else setProblems(placeRefusal(error, fields, form, failureText));
    }
  });
  const onReload = async () => {
    const fresh = await reload();
    if (fresh.data === undefined) return;
    clear();
    form.reset(toForm(fresh.data));
    setRevision(fresh.data.revision);
  };
  return { onSubmit, onReload, stale, problems, success, busy: form.formState.isSubmitting };
}
