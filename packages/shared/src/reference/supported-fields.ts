import { z } from 'zod';
import { envelope } from '../api/envelope';
import { call } from '../api/call';
import { ZLabelledOption, type TLabelledOption } from './labelled-option';

/** The consent input field types are served both beside the externalization reads and under /consent. */
export const GET_CONSENT_SUPPORTED_FIELDS = call('GET', '/consent/supported-fields');
export const GET_EXTERNALIZATION_CONSENT_SUPPORTED_FIELDS = call('GET', '/externalization/consent/supported-fields');

/** `GET /consent/supported-fields`: the consent input field types. */
export const ZSupportedFieldsReply = envelope(z.array(ZLabelledOption));

export const FALLBACK_FIELD_TYPES: TLabelledOption[] = [
  { label: 'Checkbox', value: 'checkbox' },
  { label: 'Date', value: 'date' },
  { label: 'Signature', value: 'signature' },
  { label: 'Text', value: 'text' },
];
