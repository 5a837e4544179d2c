import type { ConsentFieldType } from '@portal/shared/consent/ceremony';

/** Each input field type's name in the reader's language. */
export const FIELD_TYPE_KEYS: Record<ConsentFieldType, string> = {
  checkbox: 'healthSystems.fieldDialog.types.checkbox',
  date: 'healthSystems.fieldDialog.types.date',
  signature: 'healthSystems.fieldDialog.types.signature',
  text: 'healthSystems.fieldDialog.types.text',
};
