import { useState, type BaseSyntheticEvent } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../lib/use-translation';
import { SETTINGS_MESSAGES } from '@portal/shared/settings/setting-version';
import { ApiError, serverMessage } from '../../lib/api-client';
import { applyServerErrors, serverFieldErrors } from '../../lib/server-errors';

/** The stored value's query (react-query's result). */
export interface EditorQuery<T> {
  data?: T;
  isError: boolean;
  error: unknown;
  refetch(): Promise<{ data?: T }>;
}

/** Everything EditorCard shows and does; `useEditor` makes it from a form, a query and a save call. */
export interface EditorState<T> {
  load: EditorQuery<T>;
  isEditing: boolean;
  onEdit(): void;
  /** Leaves edit mode and loads the stored value again. */
  onCancel(): void;
  /** The form's submit handler. */
  onSave(event?: BaseSyntheticEvent): unknown;
  /** After a stale save: loads the stored value again into the form, staying in edit mode. */
  onReload(): void;
  /** Shows a refusal of a call the editor makes besides Save (a row's deletion): stale, under its field, or in the form's alert. */
  onRefused(error: unknown): void;
  /** False while any field has an error. */
  canSave: boolean;
  saving: boolean;
  /** Refusals that name no field of the form (catalog keys or the server's words). */
  formErrors: string[];
  /** The server's message when someone else saved first (HTTP 409). */
  stale?: string;
  /** The success popup's text while it shows. */
  success?: string;
  onSuccessClose(): void;
}

export interface EditorOptions<T, F extends FieldValues> {
  /** The editor's own react-hook-form form (validate with `mode: 'onChange'` so Save turns off at once). */
  form: UseFormReturn<F>;
  /** The stored value's query. */
  query: EditorQuery<T>;
  /** The form's values for a stored value. */
  toForm(stored: T): F;
  /** Saves the form's values; `stored` is the value opened (its version, say). */
  save(values: F, stored: T): Promise<unknown>;
  /** Form fields a server refusal may name; `*` for a row of a list (`reminders.*.days`). */
  fields: readonly string[];
  /** The success popup's text; 'Saved successfully.' unless told. */
  successText?: string;
}

/**
 * The editor pattern: read-only, Edit, then Save (success popup, back to read-only) or Cancel (back to
 * read-only, loaded again). A stale save says so with Reload; a refusal lands under its field or in the form's alert.
 */
export function useEditor<T, F extends FieldValues>({
  form,
  query,
  toForm,
  save,
  fields,
  successText,
}: EditorOptions<T, F>): EditorState<T> {
  const { t } = useTranslation();
  const [isEditing, setEditing] = useState(false);
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const [stale, setStale] = useState<string>();
  const [success, setSuccess] = useState<string>();
  const { errors, isSubmitting } = form.formState;

  const clearOutcome = () => {
    setFormErrors([]);
    setStale(undefined);
  };
  const report = (error: unknown) => {
    if (error instanceof ApiError && error.status === 409) {
      setStale(serverMessage(error) ?? SETTINGS_MESSAGES.stale);
      return;
    }
    const refused = serverFieldErrors(error);
    const unplaced = applyServerErrors(refused, fields, form.setError);
    setFormErrors(refused.length === 0 ? [serverMessage(error) ?? 'error.generic'] : unplaced.map((e) => e.message));
  };

  return {
    load: query,
    isEditing,
    onEdit: () => {
      if (query.data === undefined) return;
      form.reset(toForm(query.data));
      clearOutcome();
      setSuccess(undefined);
      setEditing(true);
    },
    onCancel: () => {
      clearOutcome();
      setEditing(false);
      void query.refetch();
    },
    onSave: form.handleSubmit(async (values) => {
      clearOutcome();
      try {
        await save(values, query.data as T);
      } catch (error) {
        report(error);
        return;
      }
      await query.refetch();
      setEditing(false);
      setSuccess(successText ?? t('admin.editor.saved'));
    }),
    onReload: () => {
      clearOutcome();
      void query.refetch().then((fresh) => fresh.data !== undefined && form.reset(toForm(fresh.data)));
    },
    onRefused: report,
    canSave: Object.keys(errors).length === 0,
    saving: isSubmitting,
    formErrors,
    stale,
    success,
    onSuccessClose: () => setSuccess(undefined),
  };
}
