import { z } from 'zod';
import { dateRangeProblem } from '@portal/shared/api/date-range';
import {
  EXPORT_FORMATS,
  EXPORT_REGISTERS,
  EXPORT_RUN_MESSAGES,
  type TStartExportRun,
} from '@portal/shared/data-export/export-runs';
import { parseUsDate } from '@portal/shared/dates';

/** A questionnaire version as a check box's value: `formKey@version`. */
export const versionKey = (form: { formKey: string; version: number }) => `${form.formKey}@${form.version}`;

function fromVersionKey(key: string) {
  const at = key.lastIndexOf('@');
  return { formKey: key.slice(0, at), version: Number(key.slice(at + 1)) };
}

/**
 * The archive form as the page holds it: chosen versions, registers and formats, the range as typed (MM/DD/YYYY,
 * both or neither) and who the participants appear as. The server's own rules, in its words, checked first here.
 */
export const ZArchiveForm = z
  .object({
    forms: z.array(z.string()),
    registers: z.array(z.enum(EXPORT_REGISTERS)),
    formats: z.array(z.enum(EXPORT_FORMATS)),
    from: z.string(),
    to: z.string(),
    identity: z.enum(['identified', 'deidentified']),
  })
  .superRefine((value, context) => {
    if (value.forms.length === 0 && value.registers.length === 0)
      context.addIssue({ code: 'custom', message: EXPORT_RUN_MESSAGES.emptySelection, path: ['forms'] });
    if (value.formats.length === 0)
      context.addIssue({ code: 'custom', message: EXPORT_RUN_MESSAGES.noFormat, path: ['formats'] });
    const from = value.from.trim();
    const to = value.to.trim();
    if (!from && !to) return;
    if (!from || !to) {
      const path = from ? 'to' : 'from';
      context.addIssue({ code: 'custom', message: 'dateRange.bothOrNeither', path: [path] });
      return;
    }
    const range = { from: parseUsDate(from), to: parseUsDate(to) };
    if (!range.from) context.addIssue({ code: 'custom', message: 'dateRange.invalid', path: ['from'] });
    if (!range.to) context.addIssue({ code: 'custom', message: 'dateRange.invalid', path: ['to'] });
    const problem = range.from && range.to && dateRangeProblem(range.from, range.to);
    if (problem) context.addIssue({ code: 'custom', message: problem, path: ['from'] });
  });
export type TArchiveForm = z.infer<typeof ZArchiveForm>;

/**
 * The body of `POST /data-export/runs`: lists in the order the page shows them, whatever order they were ticked
 * in, and no range at all when none was typed.
 */
export function startExportRunBody(values: TArchiveForm, mayIdentify: boolean): TStartExportRun {
  const from = parseUsDate(values.from.trim());
  const to = parseUsDate(values.to.trim());
  return {
    forms: values.forms.map(fromVersionKey),
    registers: EXPORT_REGISTERS.filter((register) => values.registers.includes(register)),
    formats: EXPORT_FORMATS.filter((format) => values.formats.includes(format)),
    ...(from && to && { from, to }),
    deidentified: !mayIdentify || values.identity === 'deidentified',
  };
}

/** A server refusal of one listed item (`forms.0.version`, `formats.1`) belongs to its group of check boxes. */
export function archiveField(errorField: string) {
  const [head] = errorField.split('.');
  if (head === 'forms' || head === 'registers' || head === 'formats') return head;
  if (head === 'deidentified') return 'identity';
  return errorField;
}
