import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  ONE_TIME_MESSAGES,
  ZOneTimeSurveyInput,
  type TOneTimeSurvey,
  type TOneTimeSurveyUpdate,
} from '@portal/shared/surveys/one-time-surveys';
import { MINUTE_MS } from '@portal/shared/durations';
import { fromLocalInput, toLocalInput } from '../../../lib/local-date-time';
import { checkDefinition, type DefinitionCheck } from './definition-check';

/** The editor's fields: the form definition as JSON text, the moments as their date-time boxes hold them. */
export interface OneTimeForm {
  name: { en: string; sp: string };
  definition: string;
  sendDate: string;
  effectiveStartDate: string;
  effectiveEndDate: string;
}

/** The fields a server refusal can name, in the order the editor shows them. */
export const ONE_TIME_FORM_FIELDS = [
  'name.en',
  'name.sp',
  'definition',
  'sendDate',
  'effectiveStartDate',
  'effectiveEndDate',
] as const;

export const EMPTY_ONE_TIME_FORM: OneTimeForm = {
  name: { en: '', sp: '' },
  definition: '',
  sendDate: '',
  effectiveStartDate: '',
  effectiveEndDate: '',
};

/** A saved survey in the editor's fields, its definition laid out for reading. */
export const toOneTimeForm = (survey: TOneTimeSurvey & { definition: Record<string, unknown> }): OneTimeForm => ({
  name: { ...survey.name },
  definition: JSON.stringify(survey.definition, null, 2),
  sendDate: toLocalInput(survey.sendDate),
  effectiveStartDate: toLocalInput(survey.effectiveStartDate),
  effectiveEndDate: toLocalInput(survey.effectiveEndDate),
});

/**
 * The editor's values and the participants as `POST` and `PUT /survey/one-time` take them; a change without a
 * participant list keeps the survey's participants.
 */
export const toOneTimeInput = (values: OneTimeForm, participants?: string[]): TOneTimeSurveyUpdate => ({
  name: { en: values.name.en.trim(), sp: values.name.sp.trim() },
  definition: JSON.parse(values.definition) as Record<string, unknown>,
  sendDate: fromLocalInput(values.sendDate),
  effectiveStartDate: fromLocalInput(values.effectiveStartDate),
  effectiveEndDate: fromLocalInput(values.effectiveEndDate),
  ...(participants && { participants }),
});

let lastCheck: { text: string; check: Promise<DefinitionCheck> } | undefined;
/** The definition's check, run once per text: the resolver runs on every change of any field. */
export function checkDefinitionOnce(text: string): Promise<DefinitionCheck> {
  if (lastCheck?.text !== text) lastCheck = { text, check: checkDefinition(text) };
  return lastCheck.check;
}

/**
 * The server's rules, checked in the browser against its clock: both names, a form the engine reads, a send
 * date not in the past and before the end, and a start before the end.
 */
export function oneTimeErrors(values: OneTimeForm, definition: DefinitionCheck, now: Date) {
  const errors: { path: (typeof ONE_TIME_FORM_FIELDS)[number]; message: string }[] = [];
  const refuse = (path: (typeof ONE_TIME_FORM_FIELDS)[number], message: string) => {
    if (!errors.some((e) => e.path === path)) errors.push({ path, message });
  };
  for (const language of ['en', 'sp'] as const) {
    const name = ZOneTimeSurveyInput.shape.name.shape[language].safeParse(values.name[language]);
    if (!name.success) refuse(`name.${language}`, name.error.issues[0]!.message);
  }
  if (!definition.ok) refuse('definition', definition.error);
  const [send, start, end] = [values.sendDate, values.effectiveStartDate, values.effectiveEndDate].map((text) => {
    const iso = fromLocalInput(text);
    return iso ? new Date(iso).getTime() : undefined;
  });
  if (send === undefined) refuse('sendDate', ONE_TIME_MESSAGES.sendDate);
  // As the server: a send date picked for this very minute is not in the past.
  else if (send < Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS) refuse('sendDate', ONE_TIME_MESSAGES.sendInPast);
  if (start === undefined) refuse('effectiveStartDate', ONE_TIME_MESSAGES.window);
  if (end === undefined) refuse('effectiveEndDate', ONE_TIME_MESSAGES.window);
  if (start !== undefined && end !== undefined && start >= end) refuse('effectiveEndDate', ONE_TIME_MESSAGES.window);
  if (send !== undefined && end !== undefined && send >= end) refuse('sendDate', ONE_TIME_MESSAGES.sendAfterEnd);
  return errors;
}

/** The editor's resolver: `oneTimeErrors` as react-hook-form's nested errors. */
export const oneTimeResolver: Resolver<OneTimeForm> = async (values) => {
  const errors = oneTimeErrors(values, await checkDefinitionOnce(values.definition), new Date());
  if (errors.length === 0) return { values, errors: {} };
  const nested: Record<string, unknown> = {};
  for (const { path, message } of errors) {
    const [head, tail] = path.split('.') as [string, string | undefined];
    const error = { type: 'rule', message };
    if (tail) nested[head] = { ...(nested[head] as object), [tail]: error };
    else nested[head] = error;
  }
  return { values: {}, errors: nested as FieldErrors<OneTimeForm> };
};
