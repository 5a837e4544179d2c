import type { z } from 'zod';
import type { FieldProblem } from '../../lib/outcome';

type Path = readonly PropertyKey[];

/** A refusal's field problems from a zod error, each issue named by `errorField` of its path. */
export function zodProblems(error: z.ZodError, errorField: (path: Path) => string): FieldProblem[] {
  return error.issues.map((issue) => ({ errorField: errorField(issue.path), message: issue.message }));
}

export const dotted = (path: Path) => path.map(String).join('.');

/** The language of the raw `consentForms[index]` entry, when it names one. */
function entryLanguage(raw: unknown, index: PropertyKey): string {
  const forms = (raw as { consentForms?: unknown } | null)?.consentForms;
  const entry = Array.isArray(forms) ? (forms[Number(index)] as { language?: unknown } | undefined) : undefined;
  return typeof entry?.language === 'string' ? entry.language : String(index);
}

/**
 * The field a registration or whole-update problem belongs to, as the onboarding steps name them: `name`,
 * `description`, `databaseValue`, `dropdownLabels`, and `consentForms.<language>.<rest>` for a form's entry.
 */
export const registrationErrorField =
  (raw: unknown) =>
  (path: Path): string => {
    const [section, key, ...rest] = path;
    if (section === 'basicInfo' && key !== undefined) return String(key);
    if (section === 'systemInfo' && key !== undefined) return String(key);
    if (section === 'consentForms' && key !== undefined)
      return dotted(['consentForms', entryLanguage(raw, key), ...rest]);
    return dotted(path);
  };
