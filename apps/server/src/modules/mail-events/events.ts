import type { TMailProvider, TSuppressionReason } from '@portal/shared/email-analytics/suppressions';

/** What one provider event changes: a ledger message delivered, or an address put on the suppression list. */
export type MailEventEffect =
  | { kind: 'delivered'; emailId: string }
  | {
      kind: 'suppress';
      email: string;
      reason: TSuppressionReason;
      /** What the provider said, without the address or any message text. */
      detail: string;
    };

/** One event of a provider, by the provider's own id (a second one with the same id is a replay). */
export interface ProviderEvent {
  provider: TMailProvider;
  eventId: string;
  effects: MailEventEffect[];
}

/** Why a batch of events is refused: `malformed` (not the provider's shape) or `unknownEvent` (a type it lacks). */
export type EventsRefusal = 'malformed' | 'unknownEvent';
export type ParsedEvents =
  | { ok: true; events: ProviderEvent[] }
  /** `eventType`: the unknown type's name, printable and short, for the log (a type name is no personal data). */
  | { ok: false; reason: EventsRefusal; eventType?: string };

/** Parses a JSON text; undefined when it is not JSON. */
export function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** An unknown event type's name as the log keeps it: printable and at most 40 characters. */
export const eventTypeName = (type: string) => type.replace(/[^\x20-\x7e]/g, '').slice(0, 40);

/** A detail kept on the suppression list: printable, short, and never more than the provider's codes and kinds. */
export const detailOf = (...parts: (string | undefined)[]) =>
  parts
    .filter((part): part is string => !!part)
    .join(' ')
    .replace(/[^\x20-\x7e]/g, '')
    .slice(0, 120);
