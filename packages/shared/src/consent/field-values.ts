import { parseUsDate, type IsoDate } from '../dates';
import { TEXT_FIELD_MAX, type TConsentInputField } from './ceremony';
import { DAY_MS } from '../durations';

export interface FieldValueProblem {
  /** The field's id. */
  errorField: string;
  /** A catalog key. */
  message: string;
}

const dayNumber = (iso: IsoDate) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;

/**
 * Checks the values a participant gave the form's fields (the signature field takes the signature mark, not
 * a value). A date must be the day of signing: `today` ± 1 day, since the participant's day may differ from
 * the server's UTC one. The client and the server run the same rules, so a message exists once.
 */
export function fieldValueProblems(
  fields: readonly TConsentInputField[],
  values: Readonly<Record<string, string | boolean | undefined>>,
  today: IsoDate,
): FieldValueProblem[] {
  const problems: FieldValueProblem[] = [];
  const problem = (field: TConsentInputField, message: string) => problems.push({ errorField: field.id, message });
  for (const field of fields) {
    const value = values[field.id];
    switch (field.type) {
      case 'signature':
        break;
      case 'checkbox':
        if (value !== undefined && typeof value !== 'boolean') problem(field, 'consent.fieldInvalid');
        else if (field.isRequired && value !== true) problem(field, 'consent.checkboxRequired');
        break;
      case 'text': {
        const text = typeof value === 'string' ? value.trim() : '';
        if (value !== undefined && typeof value !== 'string') problem(field, 'consent.fieldInvalid');
        else if (field.isRequired && !text) problem(field, 'consent.fieldRequired');
        else if (text.length > TEXT_FIELD_MAX) problem(field, 'consent.textTooLong');
        break;
      }
      case 'date': {
        const text = typeof value === 'string' ? value.trim() : '';
        if (!text) {
          if (field.isRequired || (value !== undefined && typeof value !== 'string'))
            problem(field, 'consent.dateRequired');
          break;
        }
        const iso = parseUsDate(text);
        if (!iso || Math.abs(dayNumber(iso) - dayNumber(today)) > 1) problem(field, 'consent.dateToday');
        break;
      }
    }
  }
  return problems;
}

/** The form's values as stamped: trimmed text, and only fields the form has. */
export function normalizedFieldValues(
  fields: readonly TConsentInputField[],
  values: Readonly<Record<string, string | boolean | undefined>>,
): Record<string, string | boolean> {
  const result: Record<string, string | boolean> = {};
  for (const field of fields) {
    const value = values[field.id];
    if (typeof value === 'string' && value.trim()) result[field.id] = value.trim();
    if (typeof value === 'boolean') result[field.id] = value;
  }
  return result;
}
