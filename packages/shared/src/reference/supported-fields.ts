import { z } from 'zod';
import { envelope } from '../api/envelope';
import { ZLabelledOption, type TLabelledOption } from './labelled-option';

/** `GET /consent/supported-fields`: the consent input field types. */
export const ZSupportedFieldsReply = envelope(z.array(ZLabelledOption));

export const FALLBACK_FIELD_TYPES: TLabelledOption[] = [
  { label: 'Checkbox', value: 'checkbox' },
  { label: 'Date', value: 'date' },
  { label: 'Signature', value: 'signature' },
  { label: 'Text', value: 'text' },
];
