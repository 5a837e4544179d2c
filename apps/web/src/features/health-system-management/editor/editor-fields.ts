import type { TConsentInputField } from '@portal/shared/consent/ceremony';
import {
  CONSENT_FORM_MESSAGES,
  fieldPlacementProblem,
  ZInputFieldSettings,
  type PageSize,
  type TInputFieldEntry,
} from '@portal/shared/health-systems/consent-form-settings';
import type { Rect } from './geometry';

/**
 * A field while it is edited: its settings (a number box left empty is NaN), its id when it is a stored field,
 * and a key that outlives edits.
 */
export type EditorField = TInputFieldEntry & { key: string };

/** The inputs of a field in the side panel, each of which can carry a problem. */
export type FieldInput = 'description' | 'type' | 'page' | 'x' | 'y' | 'width' | 'height' | 'place';

export interface FieldProblem {
  message: string;
  values?: Record<string, string | number>;
}

let lastKey = 0;
/** A key for a field new to the editor. */
export const newFieldKey = () => `field-${(lastKey += 1)}`;

export const toEditorFields = (fields: readonly TInputFieldEntry[]): EditorField[] =>
  fields.map((field) => ({ ...field, key: newFieldKey() }));

export const rectOf = (field: EditorField): Rect => ({
  x: field.coordinates.x,
  y: field.coordinates.y,
  width: field.dimensions.width,
  height: field.dimensions.height,
});

export const withRect = (field: EditorField, rect: Rect): EditorField => ({
  ...field,
  coordinates: { ...field.coordinates, x: rect.x, y: rect.y },
  dimensions: { width: rect.width, height: rect.height },
});

/** Whether the field's place is a number in each box, so that it can be drawn. */
export const isPlaced = (field: EditorField) =>
  [
    field.coordinates.page,
    field.coordinates.x,
    field.coordinates.y,
    field.dimensions.width,
    field.dimensions.height,
  ].every(Number.isFinite);

const INPUT_OF_PATH: Record<string, FieldInput> = {
  description: 'description',
  type: 'type',
  'coordinates.page': 'page',
  'coordinates.x': 'x',
  'coordinates.y': 'y',
  'dimensions.width': 'width',
  'dimensions.height': 'height',
};

/**
 * The field's problems by input: the shared field rules first, then (once they hold and the page sizes are
 * known) whether it fits its page, by the same check the server makes.
 */
export function fieldProblems(field: EditorField, pageSizes: readonly PageSize[] | undefined) {
  const problems: Partial<Record<FieldInput, FieldProblem>> = {};
  const parsed = ZInputFieldSettings.safeParse(field);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const input = INPUT_OF_PATH[issue.path.join('.')];
      if (input && !problems[input]) problems[input] = { message: issue.message };
    }
    return problems;
  }
  const placement = pageSizes && fieldPlacementProblem(parsed.data, pageSizes);
  if (placement) problems[placement.message === CONSENT_FORM_MESSAGES.pageMissing ? 'page' : 'place'] = placement;
  return problems;
}

/** The list as saved: the settings the shared rules accept and each stored field's id, without the editor's keys. */
export const savedFields = (fields: readonly EditorField[]): TInputFieldEntry[] =>
  fields.map(({ key: _key, id, ...field }) => ({
    ...ZInputFieldSettings.parse(field),
    ...(id !== undefined && { id }),
  }));

/** A field as the ceremony shows it, for the preview. */
export const ceremonyField = (field: EditorField): TConsentInputField => ({
  id: field.key,
  name: field.name ?? '',
  description: field.description,
  type: field.type,
  coordinates: field.coordinates,
  dimensions: field.dimensions,
  isRequired: field.isRequired,
});
