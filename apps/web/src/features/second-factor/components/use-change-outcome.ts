import { useState } from 'react';
import { serverMessage } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/use-translation';

/**
 * A section's outcome: `succeeded` shows the server's message (or the catalog's words for it), `failed` its refusal;
 * `clear` empties both before the next change.
 */
export function useChangeOutcome() {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<{ done?: string; failure?: string }>({});
  return {
    outcome,
    clear: () => setOutcome({}),
    succeeded: (message: string | undefined, fallbackKey: string) => setOutcome({ done: message || t(fallbackKey) }),
    failed: (error: unknown) => setOutcome({ failure: serverMessage(error) ?? t('error.generic') }),
  };
}
